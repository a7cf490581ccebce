import { sql, type Selectable } from 'kysely';
import type { Db, DbOrTx } from '../../db.ts';
import type { LogsTable } from './tables.ts';

export type LogRow = Selectable<LogsTable>;

export interface LogFilter {
  orgIds: number[];
  agentId: number | null;
  startTime?: number;
  endTime?: number;
  kinds?: string[];
  contact?: string;
  number?: string;
  status?: string;
  text?: string;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export const logsRepository = {
  /** Appends a row; a row with the same key is kept once (a retried write). */
  async insert(db: DbOrTx, row: Omit<LogRow, 'id'>): Promise<void> {
    const q = db.insertInto('logs').values(row);
    await (row.key ? q.onConflict((oc) => oc.column('key').doNothing()) : q).execute();
  },

  /** One keyset page, newest first: rows with an id below `before`. */
  async page(db: Db, f: LogFilter, opts: { before?: number; limit: number }): Promise<LogRow[]> {
    if (f.orgIds.length === 0) return [];
    let q = db.selectFrom('logs').selectAll().where('account_id', 'in', f.orgIds);
    if (f.agentId != null) q = q.where('agent_id', '=', f.agentId);
    if (f.startTime != null) q = q.where('created_at', '>=', f.startTime);
    if (f.endTime != null) q = q.where('created_at', '<', f.endTime);
    if (f.kinds?.length) q = q.where('kind', 'in', f.kinds);
    if (f.contact) q = q.where('contact', '=', f.contact);
    if (f.number) q = q.where('number', '=', f.number);
    if (f.status) q = q.where('status', '=', f.status);
    if (f.text) q = q.where(sql<boolean>`lower(summary) like ${`%${escapeLike(f.text.toLowerCase())}%`} escape '\\'`);
    if (opts.before != null) q = q.where('id', '<', opts.before);
    return q.orderBy('id', 'desc').limit(opts.limit).execute();
  },
};
