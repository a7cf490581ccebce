import type { Insertable, Selectable, Updateable } from 'kysely';
import type { DbOrTx } from '../../db.ts';
import type { ForwardingChecksTable, NumberVerificationsTable, PhoneNumbersTable } from './tables.ts';

export type PhoneNumberRow = Selectable<PhoneNumbersTable>;
export type VerificationRow = Selectable<NumberVerificationsTable>;
export type ForwardingCheckRow = Selectable<ForwardingChecksTable>;

/** Rows before this issue have null kind and status: bought numbers, active. */
const isActive = (r: PhoneNumberRow) => r.status == null || r.status === 'active';

export const numbersRepository = {
  isActive,

  /** The organization's first working number. */
  async firstOfAccount(db: DbOrTx, accountId: number): Promise<PhoneNumberRow | undefined> {
    const rows = await db.selectFrom('phone_numbers').selectAll().where('account_id', '=', accountId).orderBy('id').execute();
    return rows.find(isActive);
  },

  async ofAccount(db: DbOrTx, accountId: number): Promise<PhoneNumberRow[]> {
    return db.selectFrom('phone_numbers').selectAll().where('account_id', '=', accountId).orderBy('id').execute();
  },

  async byNumber(db: DbOrTx, number: string): Promise<PhoneNumberRow | undefined> {
    return db.selectFrom('phone_numbers').selectAll().where('number', '=', number).executeTakeFirst();
  },

  /** Which of these numbers are already given to an account. */
  async taken(db: DbOrTx, numbers: string[]): Promise<Set<string>> {
    if (numbers.length === 0) return new Set();
    const rows = await db.selectFrom('phone_numbers').select('number').where('number', 'in', numbers).execute();
    return new Set(rows.map((r) => r.number));
  },

  /** Gives the number to the account; undefined when someone else took it first. */
  async insert(db: DbOrTx, n: Omit<Insertable<PhoneNumbersTable>, 'created_at'>): Promise<PhoneNumberRow | undefined> {
    return db
      .insertInto('phone_numbers')
      .values({ ...n, created_at: Date.now() })
      .onConflict((oc) => oc.column('number').doNothing())
      .returningAll()
      .executeTakeFirst();
  },

  async update(db: DbOrTx, id: number, patch: Updateable<PhoneNumbersTable>): Promise<PhoneNumberRow | undefined> {
    return db.updateTable('phone_numbers').set(patch).where('id', '=', id).returningAll().executeTakeFirst();
  },

  async remove(db: DbOrTx, id: number): Promise<void> {
    await db.deleteFrom('phone_numbers').where('id', '=', id).execute();
  },

  /** The first numbers with the account holding each (the simulated carrier's page). */
  async listHeld(db: DbOrTx, limit: number) {
    return db.selectFrom('phone_numbers').select(['number', 'account_id']).orderBy('id').limit(limit).execute();
  },

  // Bring-your-own verification codes.
  async newVerification(db: DbOrTx, v: Insertable<NumberVerificationsTable>): Promise<VerificationRow> {
    await db
      .updateTable('number_verifications')
      .set({ used_at: Date.now() })
      .where('number', '=', v.number)
      .where('used_at', 'is', null)
      .execute();
    return db.insertInto('number_verifications').values(v).returningAll().executeTakeFirstOrThrow();
  },

  async openVerification(db: DbOrTx, number: string, accountId: number): Promise<VerificationRow | undefined> {
    return db
      .selectFrom('number_verifications')
      .selectAll()
      .where('number', '=', number)
      .where('account_id', '=', accountId)
      .where('used_at', 'is', null)
      .orderBy('id', 'desc')
      .executeTakeFirst();
  },

  /** Counts one attempt if any are left (a conditional update, so parallel guesses cannot exceed the limit). */
  async spendAttempt(db: DbOrTx, id: number, max: number): Promise<boolean> {
    const r = await db
      .updateTable('number_verifications')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .where('attempts', '<', max)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  async useVerification(db: DbOrTx, id: number): Promise<boolean> {
    const r = await db
      .updateTable('number_verifications')
      .set({ used_at: Date.now() })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  // Forwarding checks.
  async newCheck(db: DbOrTx, c: Insertable<ForwardingChecksTable>): Promise<ForwardingCheckRow> {
    return db.insertInto('forwarding_checks').values(c).returningAll().executeTakeFirstOrThrow();
  },

  async check(db: DbOrTx, id: number): Promise<ForwardingCheckRow | undefined> {
    return db.selectFrom('forwarding_checks').selectAll().where('id', '=', id).executeTakeFirst();
  },

  async waitingChecks(db: DbOrTx, callerId: string, since: number): Promise<ForwardingCheckRow[]> {
    return db
      .selectFrom('forwarding_checks')
      .selectAll()
      .where('caller_id', '=', callerId)
      .where('status', '=', 'waiting')
      .where('created_at', '>=', since)
      .execute();
  },

  /** Settles a waiting check once: the first call seen, or the timeout, wins. */
  async finishCheck(db: DbOrTx, id: number, status: ForwardingCheckRow['status'], seen: string | null): Promise<boolean> {
    const r = await db
      .updateTable('forwarding_checks')
      .set({ status, seen, finished_at: Date.now() })
      .where('id', '=', id)
      .where('status', '=', 'waiting')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },
};
