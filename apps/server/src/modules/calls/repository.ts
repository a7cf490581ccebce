import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { DbOrTx } from '../../db.ts';
import type { CallsTable } from './tables.ts';

export type CallRow = Selectable<CallsTable>;

/** The call log's filters: `number` matches either end; `since`/`until` bound the start (epoch ms). */
export interface CallFilter {
  direction?: string;
  status?: string;
  agentId?: number;
  number?: string;
  since?: number;
  until?: number;
}

/** Every SQL statement of the calls module, scoped by the organization (account_id). */
export const callsRepository = {
  /** An organization's phone calls with any of these numbers on the other end, newest first (a contact's activity). */
  async withNumbers(db: DbOrTx, orgId: number, numbers: readonly string[], limit = 50): Promise<CallRow[]> {
    if (!numbers.length) return [];
    return db
      .selectFrom('calls')
      .selectAll()
      .where('account_id', '=', orgId)
      .where((eb) =>
        eb.or([
          eb.and([eb('direction', '=', 'inbound'), eb('from_number', 'in', [...numbers])]),
          eb.and([eb('direction', '=', 'outbound'), eb('to_number', 'in', [...numbers])]),
        ]),
      )
      .orderBy('started_at', 'desc')
      .limit(limit)
      .execute();
  },

  /** Inserts the call unless its client key was used before; undefined when it was. */
  async insert(db: DbOrTx, row: Insertable<CallsTable>): Promise<CallRow | undefined> {
    return db
      .insertInto('calls')
      .values(row)
      .onConflict((oc) => oc.column('client_key').doNothing())
      .returningAll()
      .executeTakeFirst();
  },

  byId: (db: DbOrTx, id: string) => db.selectFrom('calls').selectAll().where('id', '=', id).executeTakeFirst(),

  byClientKey: (db: DbOrTx, key: string) => db.selectFrom('calls').selectAll().where('client_key', '=', key).executeTakeFirstOrThrow(),

  byIds: (db: DbOrTx, ids: string[]) =>
    ids.length ? db.selectFrom('calls').selectAll().where('id', 'in', ids).execute() : Promise.resolve([]),

  async list(
    db: DbOrTx,
    scope: { accountId: number; agentId: number | null },
    f: CallFilter & { offset: number; limit: number },
  ): Promise<{ rows: CallRow[]; total: number }> {
    let q = db.selectFrom('calls').where('account_id', '=', scope.accountId);
    if (scope.agentId != null) q = q.where('agent_id', '=', scope.agentId);
    if (f.direction) q = q.where('direction', '=', f.direction as CallRow['direction']);
    if (f.status) q = q.where('status', '=', f.status as CallRow['status']);
    if (f.agentId != null) q = q.where('agent_id', '=', f.agentId);
    if (f.number) q = q.where((eb) => eb.or([eb('from_number', 'like', `%${f.number}%`), eb('to_number', 'like', `%${f.number}%`)]));
    if (f.since != null) q = q.where('started_at', '>=', f.since);
    if (f.until != null) q = q.where('started_at', '<', f.until);
    const [rows, count] = await Promise.all([
      q.selectAll().orderBy('started_at', 'desc').orderBy('id', 'desc').offset(f.offset).limit(f.limit).execute(),
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ]);
    return { rows, total: Number(count?.n ?? 0) };
  },

  /**
   * For each call asked about, the started minutes of its organization's phone calls of the same usage
   * item that started in [from, the call's start) (ties by id): one statement for any number of calls,
   * each a range read of the (account_id, started_at) index.
   */
  async minutesBefore(
    db: DbOrTx,
    asks: readonly { id: string; accountId: number; advanced: boolean; from: number; startedAt: number }[],
  ): Promise<number[]> {
    if (!asks.length) return [];
    const row = await db
      .selectNoFrom((eb) =>
        asks.map((a, i) =>
          eb
            .selectFrom('calls')
            .select(sql<string>`coalesce(sum((duration_ms + 59999) / 60000), 0)`.as('m'))
            .where('account_id', '=', a.accountId)
            .where('direction', '!=', 'web')
            .where('started_at', '>=', a.from)
            .where((w) => w.or([w('started_at', '<', a.startedAt), w.and([w('started_at', '=', a.startedAt), w('id', '<', a.id)])]))
            .where((w) =>
              a.advanced
                ? w('usage_item', '=', 'advancedVoice')
                : w.or([w('usage_item', 'is', null), w('usage_item', '!=', 'advancedVoice')]),
            )
            .as(`b${i}`),
        ),
      )
      .executeTakeFirstOrThrow();
    const values = row as Record<string, unknown>;
    return asks.map((_, i) => Number(values[`b${i}`] ?? 0));
  },

  /** Recordings of an organization's calls that ended before `before` (retention). */
  expiredRecordings: (db: DbOrTx, accountId: number, before: number) =>
    db
      .selectFrom('calls')
      .select(['id', 'recording_key'])
      .where('account_id', '=', accountId)
      .where('recording_key', 'is not', null)
      .where('ended_at', '<', before)
      .limit(500)
      .execute(),

  /** Organizations with recordings still kept (each is checked against its retention). */
  accountsWithRecordings: (db: DbOrTx) =>
    db.selectFrom('calls').select('account_id').distinct().where('recording_key', 'is not', null).execute(),

  settings: (db: DbOrTx, accountId: number) =>
    db.selectFrom('call_settings').selectAll().where('account_id', '=', accountId).executeTakeFirst(),

  async saveSettings(db: DbOrTx, accountId: number, days: number): Promise<void> {
    await db
      .insertInto('call_settings')
      .values({ account_id: accountId, recording_retention_days: days, updated_at: Date.now() })
      .onConflict((oc) => oc.column('account_id').doUpdateSet({ recording_retention_days: days, updated_at: Date.now() }))
      .execute();
  },

  /** Calls a person should review: failed or unanswered, or ended with something flagged in its events. */
  forReview: (db: DbOrTx, limit: number) =>
    db
      .selectFrom('calls')
      .selectAll()
      .where((eb) =>
        eb.or([eb('status', 'in', ['failed', 'no-answer']), eb('end_reason', 'like', 'review:%'), eb('status', '=', 'completed')]),
      )
      .orderBy('started_at', 'desc')
      .limit(limit)
      .execute(),

  /** The heartbeat of the calls this process holds. */
  async markAlive(db: DbOrTx, ids: string[], at: number): Promise<void> {
    if (ids.length === 0) return;
    await db.updateTable('calls').set({ alive_at: at }).where('id', 'in', ids).where('status', '=', 'in-progress').execute();
  },

  /** Calls in progress whose holder has not said it holds them since `before` (by their answer when it never did). */
  async orphans(db: DbOrTx, before: number, limit = 100): Promise<CallRow[]> {
    return db
      .selectFrom('calls')
      .selectAll()
      .where('status', '=', 'in-progress')
      .where((eb) => eb(eb.fn.coalesce('alive_at', 'answered_at', 'started_at'), '<', before))
      .orderBy('started_at')
      .limit(limit)
      .execute();
  },

  /** Stores a finished call's analysis once (false when it has one already). */
  async setAnalysis(db: DbOrTx, id: string, analysis: string): Promise<boolean> {
    const res = await db.updateTable('calls').set({ analysis }).where('id', '=', id).where('analysis', 'is', null).executeTakeFirst();
    return Number(res.numUpdatedRows ?? 0) > 0;
  },

  async update(db: DbOrTx, id: string, set: Updateable<CallsTable>, onlyIfStatusIn?: CallRow['status'][]): Promise<boolean> {
    let q = db.updateTable('calls').set(set).where('id', '=', id);
    if (onlyIfStatusIn) q = q.where('status', 'in', onlyIfStatusIn);
    const res = await q.executeTakeFirst();
    return Number(res.numUpdatedRows ?? 0) > 0;
  },
};
