import { Readable } from 'node:stream';
import type { LogField, LogKind } from '@switchboard/core/contracts/logs';
import type { Db, DbOrTx } from '../../db.ts';
import type { Deps } from '../../deps.ts';
import { toJson } from '../../platform/db/columns.ts';
import type { AuthContext } from '../auth/index.ts';
import type { contactNamesByAddress } from '../contacts/index.ts';
import type { reportScope } from '../stats/index.ts';
import { ALL_FIELDS, csvLine, pick, toLogEntry } from './mappers.ts';
import { logsRepository, type LogFilter, type LogRow } from './repository.ts';

export interface NewLog {
  /** The organization whose activity it is. */
  accountId: number;
  agentId?: number | null;
  kind: LogKind;
  status: string;
  direction?: 'inbound' | 'outbound' | null;
  contact?: string | null;
  number?: string | null;
  roomId?: string | null;
  summary: string;
  details?: Record<string, unknown>;
  /** Makes a retried write land once. */
  key?: string | null;
  at?: number;
}

/** Appends a log row; call it with the transaction of what it records (no event without its log). */
export async function recordLog(db: DbOrTx, l: NewLog): Promise<void> {
  await recordLogs(db, [l]);
}

/** Appends several log rows in one statement (outcomes recorded together), with the same rules. */
export async function recordLogs(db: DbOrTx, logs: readonly NewLog[]): Promise<void> {
  if (logs.length === 0) return;
  await logsRepository.insert(db, logs.map(logRow));
}

/**
 * A log row's insert, compiled and bound but not run: for writers that run their statements together
 * (`runAllOnSqlite`: webhook deliveries' records). A row with a key stored already adds nothing.
 */
export function logInsertStatement(db: DbOrTx, l: NewLog) {
  return logsRepository.insertStatement(db, logRow(l));
}

/** The row a log entry is stored as (lengths bounded as the columns expect). */
function logRow(l: NewLog): Omit<LogRow, 'id'> {
  return {
    account_id: l.accountId,
    agent_id: l.agentId ?? null,
    kind: l.kind,
    status: l.status.slice(0, 16),
    direction: l.direction ?? null,
    contact: l.contact?.slice(0, 320) ?? null,
    number: l.number?.slice(0, 32) ?? null,
    room_id: l.roomId ?? null,
    summary: l.summary.slice(0, 500),
    details: toJson(l.details ?? {}),
    key: l.key?.slice(0, 200) ?? null,
    created_at: l.at ?? Date.now(),
  };
}

export interface LogsQuery {
  startTime?: number;
  endTime?: number;
  kind?: LogKind[];
  agentId?: number;
  contact?: string;
  number?: string;
  status?: string;
  text?: string;
  fields?: LogField[];
  before?: number;
  limit: number;
}

const CSV_BATCH = 1000;
const PRUNE_BATCH = 5000;
const DAY_MS = 86_400_000;

/**
 * What the logs read of modules above them (logs are written by conversations and webhooks, so they sit
 * below contacts and stats): contacts' names for an address, stats' report scope. Wired in services.ts.
 */
export interface LogsPorts {
  contactNamesByAddress: typeof contactNamesByAddress;
  reportScope: typeof reportScope;
}

/** Contact names of a page's rows, looked up in each row's own organization (one query per organization). */
async function namesOf(db: DbOrTx, rows: readonly LogRow[], { contactNamesByAddress }: LogsPorts): Promise<(string | null)[]> {
  const byOrg = new Map<number, Map<string, string>>();
  for (const orgId of new Set(rows.filter((r) => r.contact).map((r) => r.account_id)))
    byOrg.set(
      orgId,
      await contactNamesByAddress(
        db,
        orgId,
        rows.filter((r) => r.account_id === orgId && r.contact).map((r) => r.contact!),
      ),
    );
  return rows.map((r) => (r.contact ? (byOrg.get(r.account_id)?.get(r.contact) ?? null) : null));
}

export function createLogsService(deps: Deps, ports: LogsPorts) {
  const { reportScope } = ports;
  const db: Db = deps.db;

  async function filterOf(ctx: AuthContext, q: LogsQuery): Promise<LogFilter> {
    if (q.agentId != null) await deps.requireAccess(ctx, 'stats.agent', [q.agentId]);
    else await deps.requireAccess(ctx, 'canViewOrg');
    const scope = await reportScope(db, ctx.acting, q.agentId);
    return { orgIds: scope.organizations.map((o) => o.id), agentId: scope.agentId, ...q, kinds: q.kind };
  }

  return {
    /** Deletes rows older than LOGS_RETENTION_DAYS (none when it is 0), in batches; returns how many. */
    async prune(now = Date.now()): Promise<number> {
      const days = deps.config.LOGS_RETENTION_DAYS;
      if (!days) return 0;
      let total = 0;
      for (;;) {
        const n = await logsRepository.pruneBefore(db, now - days * DAY_MS, PRUNE_BATCH);
        total += n;
        if (n < PRUNE_BATCH) return total;
      }
    },

    /** GET /api/v2/logs as JSON: one keyset page, newest first. */
    async page(ctx: AuthContext, q: LogsQuery) {
      const filter = await filterOf(ctx, q);
      const rows = await logsRepository.page(db, filter, { before: q.before, limit: q.limit });
      const fields = q.fields?.length ? q.fields : ALL_FIELDS;
      const names = fields.includes('contact') ? await namesOf(db, rows, ports) : [];
      return {
        success: true as const,
        logs: rows.map((r, i) => pick(toLogEntry(r, names[i] ?? null), fields)),
        nextBefore: rows.length === q.limit ? rows[rows.length - 1]!.id : null,
      };
    },

    /**
     * GET /api/v2/logs?format=csv: every matching row as CSV, read in keyset batches as the client takes
     * them (memory stays flat; a cancelled download stops the reads). Access is checked before the first byte.
     */
    async csv(ctx: AuthContext, q: LogsQuery): Promise<Readable> {
      const filter = await filterOf(ctx, q);
      const fields = q.fields?.length ? q.fields : ALL_FIELDS;
      async function* lines() {
        yield csvLine([...fields]);
        let before: number | { id: number; at: number } | undefined = q.before;
        for (;;) {
          const rows = await logsRepository.page(db, filter, { before, limit: CSV_BATCH });
          if (rows.length === 0) return;
          let chunk = '';
          for (const r of rows) {
            const e = toLogEntry(r);
            chunk += csvLine(fields.map((f) => e[f]));
          }
          yield chunk;
          if (rows.length < CSV_BATCH) return;
          const last = rows[rows.length - 1]!;
          before = { id: last.id, at: Number(last.created_at) };
        }
      }
      return Readable.from(lines(), { objectMode: false });
    },
  };
}

export type LogsService = ReturnType<typeof createLogsService>;
