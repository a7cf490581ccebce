import type { Insertable, Selectable, Updateable } from 'kysely';
import type { DbOrTx } from '../../db.ts';
import type { CallsTable } from './tables.ts';

export type CallRow = Selectable<CallsTable>;

/** Every SQL statement of the calls module, scoped by the organization (account_id). */
export const callsRepository = {
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
    f: { direction?: string; status?: string; offset: number; limit: number },
  ): Promise<{ rows: CallRow[]; total: number }> {
    let q = db.selectFrom('calls').where('account_id', '=', scope.accountId);
    if (scope.agentId != null) q = q.where('agent_id', '=', scope.agentId);
    if (f.direction) q = q.where('direction', '=', f.direction as CallRow['direction']);
    if (f.status) q = q.where('status', '=', f.status as CallRow['status']);
    const [rows, count] = await Promise.all([
      q.selectAll().orderBy('started_at', 'desc').orderBy('id', 'desc').offset(f.offset).limit(f.limit).execute(),
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ]);
    return { rows, total: Number(count?.n ?? 0) };
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

  /** Adds voice minutes to an account's usage of a day (usage item `voice`, spec §3 Usage result). */
  async addVoiceMinutes(db: DbOrTx, accountId: number, date: string, minutes: number): Promise<void> {
    if (minutes <= 0) return;
    await db
      .insertInto('usage_daily')
      .values({ account_id: accountId, date, item: 'voice', quantity: minutes })
      .onConflict((oc) =>
        oc
          .columns(['account_id', 'date', 'item'])
          .doUpdateSet((eb) => ({ quantity: eb('usage_daily.quantity', '+', eb.ref('excluded.quantity')) })),
      )
      .execute();
  },

  async update(db: DbOrTx, id: string, set: Updateable<CallsTable>, onlyIfStatusIn?: CallRow['status'][]): Promise<boolean> {
    let q = db.updateTable('calls').set(set).where('id', '=', id);
    if (onlyIfStatusIn) q = q.where('status', 'in', onlyIfStatusIn);
    const res = await q.executeTakeFirst();
    return Number(res.numUpdatedRows ?? 0) > 0;
  },
};
