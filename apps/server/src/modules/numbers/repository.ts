import type { Selectable } from 'kysely';
import type { DbOrTx } from '../../db.ts';
import type { PhoneNumbersTable } from './tables.ts';

export type PhoneNumberRow = Selectable<PhoneNumbersTable>;

export const numbersRepository = {
  async firstOfAccount(db: DbOrTx, accountId: number): Promise<PhoneNumberRow | undefined> {
    return db.selectFrom('phone_numbers').selectAll().where('account_id', '=', accountId).orderBy('id').executeTakeFirst();
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
  async insert(db: DbOrTx, n: { number: string; country: string; accountId: number; provider: string }): Promise<PhoneNumberRow | undefined> {
    return db
      .insertInto('phone_numbers')
      .values({ number: n.number, country: n.country, account_id: n.accountId, provider: n.provider, sms_enabled: 1, created_at: Date.now() })
      .onConflict((oc) => oc.column('number').doNothing())
      .returningAll()
      .executeTakeFirst();
  },

  /** Numbers with the account holding each (the simulated carrier's page). */
  async listWithAccounts(db: DbOrTx, limit: number) {
    return db
      .selectFrom('phone_numbers')
      .innerJoin('accounts', 'accounts.id', 'phone_numbers.account_id')
      .select(['phone_numbers.number', 'accounts.username', 'accounts.account_name'])
      .orderBy('phone_numbers.id')
      .limit(limit)
      .execute();
  },
};
