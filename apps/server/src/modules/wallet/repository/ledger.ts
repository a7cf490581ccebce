import { sql, type Insertable, type Selectable } from 'kysely';
import type { DbOrTx, Tx } from '../../../db.ts';
import type { LedgerAccountsTable, LedgerTransfersTable } from '../tables.ts';

export type LedgerAccountRow = Selectable<LedgerAccountsTable>;
export type TransferRow = Selectable<LedgerTransfersTable>;

/**
 * The ledger's queries (ledger.ts holds its rules): one statement per function, so a transfer makes
 * the same round trips it always did. The conditional debit (`applyDelta`) and the no-op row lock
 * (`lockAccount`) are what keep a balance at or above its limit under concurrency.
 */
export const ledgerRepository = {
  /** The transfers of an account's latest paid subscription checkouts (`checkout:<id>`, kind subscription). */
  async paidSubscriptionTransfers(db: DbOrTx, accountId: number, limit: number): Promise<TransferRow[]> {
    const paid = await db
      .selectFrom('checkouts')
      .select('id')
      .where('account_id', '=', accountId)
      .where('purpose', '=', 'subscription')
      .where('status', '=', 'paid')
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute();
    if (paid.length === 0) return [];
    return db
      .selectFrom('ledger_transfers')
      .selectAll()
      .where(
        'idempotency_key',
        'in',
        paid.map((c) => `checkout:${c.id}`),
      )
      .where('kind', '=', 'subscription')
      .execute();
  },
  async accountByCode(db: DbOrTx, code: string): Promise<LedgerAccountRow | undefined> {
    return db.selectFrom('ledger_accounts').selectAll().where('code', '=', code).executeTakeFirst();
  },
  /** Creates the account unless it exists (a concurrent creation wins quietly). */
  async insertAccount(db: DbOrTx, row: Insertable<LedgerAccountsTable>): Promise<void> {
    await db
      .insertInto('ledger_accounts')
      .values(row)
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
  },
  async balance(db: DbOrTx, code: string): Promise<number | undefined> {
    const row = await db.selectFrom('ledger_accounts').select('balance').where('code', '=', code).executeTakeFirst();
    return row ? Number(row.balance) : undefined;
  },
  async balances(db: DbOrTx, codes: string[]): Promise<{ code: string; balance: number }[]> {
    const rows = await db.selectFrom('ledger_accounts').select(['code', 'balance']).where('code', 'in', codes).execute();
    return rows.map((r) => ({ code: r.code, balance: Number(r.balance) }));
  },
  /** Takes the account's row lock to the end of the transaction (a no-op update: alike on SQLite and PostgreSQL). */
  async lockAccount(trx: Tx, code: string): Promise<void> {
    await trx
      .updateTable('ledger_accounts')
      .set({ balance: sql`balance` })
      .where('code', '=', code)
      .execute();
  },
  /** Adds `delta` to the balance unless that takes it below its limit; false when refused. */
  async applyDelta(trx: Tx, id: number, delta: number): Promise<boolean> {
    const updated = await trx
      .updateTable('ledger_accounts')
      .set({ balance: sql`balance + ${delta}` })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('min_balance', 'is', null), eb(sql`balance + ${delta}`, '>=', eb.ref('min_balance'))]))
      .returning('id')
      .executeTakeFirst();
    return updated !== undefined;
  },
  /** Stores a transfer; undefined when its idempotency key was taken first. */
  async insertTransfer(trx: Tx, row: Insertable<LedgerTransfersTable>): Promise<TransferRow | undefined> {
    return trx
      .insertInto('ledger_transfers')
      .values(row)
      .onConflict((oc) => oc.column('idempotency_key').doNothing())
      .returningAll()
      .executeTakeFirst();
  },
  async transferByKey(db: DbOrTx, key: string): Promise<TransferRow> {
    return db.selectFrom('ledger_transfers').selectAll().where('idempotency_key', '=', key).executeTakeFirstOrThrow();
  },
  /** The transfers made under these keys: each key with when it was made. */
  async transfersWithKeys(db: DbOrTx, keys: string[]): Promise<{ idempotency_key: string; created_at: number }[]> {
    if (keys.length === 0) return [];
    const rows = await db
      .selectFrom('ledger_transfers')
      .select(['idempotency_key', 'created_at'])
      .where('idempotency_key', 'in', keys)
      .execute();
    return rows.map((r) => ({ idempotency_key: r.idempotency_key, created_at: Number(r.created_at) }));
  },
  /** Whether a transfer was made under any of these keys. */
  async anyTransfer(db: DbOrTx, keys: string[]): Promise<boolean> {
    const row = await db.selectFrom('ledger_transfers').select('id').where('idempotency_key', 'in', keys).executeTakeFirst();
    return row !== undefined;
  },
  async accountIds(db: DbOrTx, codes: string[]): Promise<number[]> {
    const rows = await db.selectFrom('ledger_accounts').select('id').where('code', 'in', codes).execute();
    return rows.map((r) => r.id);
  },
  /** The transfers into or out of these accounts, newest first. */
  async transfersOf(db: DbOrTx, accountIds: number[], limit: number): Promise<TransferRow[]> {
    return db
      .selectFrom('ledger_transfers')
      .selectAll()
      .where((eb) => eb.or([eb('debit_account_id', 'in', accountIds), eb('credit_account_id', 'in', accountIds)]))
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  },
  /** Every account's balance, and its credits and debits summed over all transfers (the reconciliation). */
  async totals(db: DbOrTx) {
    const accounts = await db.selectFrom('ledger_accounts').select(['id', 'code', 'balance']).execute();
    const credits = await db
      .selectFrom('ledger_transfers')
      .select(['credit_account_id as id', sql<string>`sum(amount)`.as('total')])
      .groupBy('credit_account_id')
      .execute();
    const debits = await db
      .selectFrom('ledger_transfers')
      .select(['debit_account_id as id', sql<string>`sum(amount)`.as('total')])
      .groupBy('debit_account_id')
      .execute();
    return { accounts, credits, debits };
  },
};
