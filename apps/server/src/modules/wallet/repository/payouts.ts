import type { Insertable, Selectable } from 'kysely';
import type { DbOrTx } from '../../../db.ts';
import type { ConnectedAccountsTable, PayoutsTable } from '../tables.ts';

export type PayoutRow = Selectable<PayoutsTable>;
export type ConnectedAccountRow = Selectable<ConnectedAccountsTable>;

const row = (r: PayoutRow): PayoutRow => ({
  ...r,
  amount: Number(r.amount),
  amount_msat: r.amount_msat == null ? null : Number(r.amount_msat),
  created_at: Number(r.created_at),
  updated_at: Number(r.updated_at),
});

/** Withdrawals and the connected (Stripe Connect) accounts they are paid to. */
export const payoutsRepository = {
  async byId(db: DbOrTx, id: string): Promise<PayoutRow | undefined> {
    const r = await db.selectFrom('payouts').selectAll().where('id', '=', id).executeTakeFirst();
    return r && row(r);
  },
  async byKey(db: DbOrTx, key: string): Promise<PayoutRow | undefined> {
    const r = await db.selectFrom('payouts').selectAll().where('idempotency_key', '=', key).executeTakeFirst();
    return r && row(r);
  },
  async byRef(db: DbOrTx, ref: string): Promise<Pick<PayoutRow, 'id' | 'status'> | undefined> {
    return db.selectFrom('payouts').select(['id', 'status']).where('provider_ref', '=', ref).executeTakeFirst();
  },
  /** Stores a pending payout; false when its idempotency key was taken first. */
  async insert(db: DbOrTx, values: Insertable<PayoutsTable>): Promise<boolean> {
    const r = await db
      .insertInto('payouts')
      .values(values)
      .onConflict((oc) => oc.column('idempotency_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    return r !== undefined;
  },
  /** Moves a payout on from the status it was read in; false when another move came first. */
  async move(
    db: DbOrTx,
    id: string,
    from: PayoutRow['status'],
    set: { status: PayoutRow['status']; failure_reason: string | null; updated_at: number },
  ): Promise<boolean> {
    const r = await db.updateTable('payouts').set(set).where('id', '=', id).where('status', '=', from).returning('id').executeTakeFirst();
    return r !== undefined;
  },
  async setRef(db: DbOrTx, id: string, ref: string, at: number): Promise<void> {
    await db.updateTable('payouts').set({ provider_ref: ref, updated_at: at }).where('id', '=', id).execute();
  },
  async listOf(db: DbOrTx, accountId: number, limit: number): Promise<PayoutRow[]> {
    const rows = await db
      .selectFrom('payouts')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute();
    return rows.map(row);
  },
  /** Pending payouts a processor has taken (they have its reference). */
  async pendingSent(db: DbOrTx, limit: number): Promise<PayoutRow[]> {
    const rows = await db
      .selectFrom('payouts')
      .selectAll()
      .where('status', '=', 'pending')
      .where('provider_ref', 'is not', null)
      .limit(limit)
      .execute();
    return rows.map(row);
  },
  async connected(db: DbOrTx, accountId: number): Promise<ConnectedAccountRow | undefined> {
    return db.selectFrom('connected_accounts').selectAll().where('account_id', '=', accountId).executeTakeFirst();
  },
  /** Records the account's connected account unless it has one. */
  async insertConnected(db: DbOrTx, values: Insertable<ConnectedAccountsTable>): Promise<void> {
    await db
      .insertInto('connected_accounts')
      .values(values)
      .onConflict((oc) => oc.column('account_id').doNothing())
      .execute();
  },
};
