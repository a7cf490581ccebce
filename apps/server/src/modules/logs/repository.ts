import { sql, type Selectable } from 'kysely';
import type { Db, DbOrTx } from '../../db.ts';
import { compiledWrite } from '../../platform/db/compiled.ts';
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

/** A row per message, call and delivery: built and compiled once (platform/db/compiled.ts), keyed or not. */
const insertKeyed = compiledWrite<never>(0, (db, row) =>
  db
    .insertInto('logs')
    .values(row)
    .onConflict((oc) => oc.column('key').doNothing()),
);
const insertPlain = compiledWrite<never>(0, (db, row) => db.insertInto('logs').values(row));

export const logsRepository = {
  /** Appends rows; a row with the same key as one stored is kept once (a retried write). One row (a message's,
   * a call's) takes a statement compiled once; several (a batch of deliveries) one multi-row insert. */
  async insert(db: DbOrTx, rows: Omit<LogRow, 'id'>[]): Promise<void> {
    if (rows.length === 1) {
      await (rows[0]!.key ? insertKeyed : insertPlain)(db, rows[0]!);
      return;
    }
    const q = db.insertInto('logs').values(rows);
    await (rows.some((r) => r.key) ? q.onConflict((oc) => oc.column('key').doNothing()) : q).execute();
  },

  /** One row's insert, bound and not run (a keyed row stored already adds nothing). */
  insertStatement(db: DbOrTx, row: Omit<LogRow, 'id'>) {
    return (row.key ? insertKeyed : insertPlain).bound(db, row);
  },

  /** Deletes up to `batch` rows older than `cutoff` (epoch ms); returns how many. */
  async pruneBefore(db: Db, cutoff: number, batch: number): Promise<number> {
    const ids = db.selectFrom('logs').select('id').where('created_at', '<', cutoff).limit(batch);
    const r = await db.deleteFrom('logs').where('id', 'in', ids).executeTakeFirst();
    return Number(r.numDeletedRows);
  },

  /**
   * One keyset page, newest first by (created_at, id): rows after the row `before` (by its id, or its id
   * and time when known). The index (account_id, created_at, id) gives the time range and the order in
   * one walk, never a sort of the range.
   */
  async page(db: Db, f: LogFilter, opts: { before?: number | { id: number; at: number }; limit: number }): Promise<LogRow[]> {
    if (f.orgIds.length === 0) return [];
    let before = typeof opts.before === 'number' ? undefined : opts.before;
    if (typeof opts.before === 'number') {
      const r = await db.selectFrom('logs').select(['id', 'created_at']).where('id', '=', opts.before).executeTakeFirst();
      if (!r) return [];
      before = { id: r.id, at: Number(r.created_at) };
    }
    let q = db.selectFrom('logs').selectAll().where('account_id', 'in', f.orgIds);
    if (f.agentId != null) q = q.where('agent_id', '=', f.agentId);
    if (f.startTime != null) q = q.where('created_at', '>=', f.startTime);
    if (f.endTime != null) q = q.where('created_at', '<', f.endTime);
    if (f.kinds?.length) q = q.where('kind', 'in', f.kinds);
    if (f.contact) q = q.where('contact', '=', f.contact);
    if (f.number) q = q.where('number', '=', f.number);
    if (f.status) q = q.where('status', '=', f.status);
    if (f.text) q = q.where(sql<boolean>`lower(summary) like ${`%${escapeLike(f.text.toLowerCase())}%`} escape '\\'`);
    if (before) {
      const b = before;
      q = q.where('created_at', '<=', b.at).where((eb) => eb.or([eb('created_at', '<', b.at), eb('id', '<', b.id)]));
    }
    return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(opts.limit).execute();
  },
};
