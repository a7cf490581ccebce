import type { Insertable, Selectable } from 'kysely';
import type { DbOrTx } from '../../../db.ts';
import type { CheckoutsTable, LightningInvoicesTable } from '../tables.ts';

export type CheckoutRow = Selectable<CheckoutsTable>;
export type LightningInvoiceRow = Selectable<LightningInvoicesTable>;

const num = <T extends Record<string, unknown>>(row: T, keys: (keyof T)[]): T => {
  const out = { ...row };
  for (const k of keys) if (out[k] != null) out[k] = Number(out[k]) as never;
  return out;
};
const checkout = (r: CheckoutRow) => num(r, ['amount', 'created_at', 'updated_at']);
const invoice = (r: LightningInvoiceRow) => num(r, ['amount_msat', 'amount_usd', 'expires_at', 'created_at', 'paid_at']);

export const walletRepository = {
  /** Stores a checkout; undefined when its idempotency key was taken first. */
  async insertCheckout(db: DbOrTx, row: Insertable<CheckoutsTable>): Promise<CheckoutRow | undefined> {
    const r = await db
      .insertInto('checkouts')
      .values(row)
      .onConflict((oc) => oc.column('idempotency_key').doNothing())
      .returningAll()
      .executeTakeFirst();
    return r && checkout(r);
  },
  async checkoutByKey(db: DbOrTx, key: string): Promise<CheckoutRow | undefined> {
    const r = await db.selectFrom('checkouts').selectAll().where('idempotency_key', '=', key).executeTakeFirst();
    return r && checkout(r);
  },
  async checkout(db: DbOrTx, id: string): Promise<CheckoutRow | undefined> {
    const r = await db.selectFrom('checkouts').selectAll().where('id', '=', id).executeTakeFirst();
    return r && checkout(r);
  },
  async checkoutOf(db: DbOrTx, accountId: number, id: string): Promise<CheckoutRow | undefined> {
    const r = await db.selectFrom('checkouts').selectAll().where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst();
    return r && checkout(r);
  },
  /** Moves a checkout from one of `from` to `to`; false when it was elsewhere (a later or repeated event). */
  async moveCheckout(db: DbOrTx, id: string, from: CheckoutRow['status'][], to: CheckoutRow['status']): Promise<boolean> {
    const r = await db
      .updateTable('checkouts')
      .set({ status: to, updated_at: Date.now() })
      .where('id', '=', id)
      .where('status', 'in', from)
      .returning('id')
      .executeTakeFirst();
    return r !== undefined;
  },
  /** Records a webhook event id; false when it was seen before. */
  async recordEvent(db: DbOrTx, eventId: string, type: string): Promise<boolean> {
    const r = await db
      .insertInto('payment_events')
      .values({ event_id: eventId, type, received_at: Date.now() })
      .onConflict((oc) => oc.column('event_id').doNothing())
      .returning('event_id')
      .executeTakeFirst();
    return r !== undefined;
  },

  async insertInvoice(db: DbOrTx, row: Insertable<LightningInvoicesTable>): Promise<LightningInvoiceRow> {
    return invoice(await db.insertInto('lightning_invoices').values(row).returningAll().executeTakeFirstOrThrow());
  },
  async pendingInvoice(db: DbOrTx, accountId: number): Promise<LightningInvoiceRow | undefined> {
    const r = await db
      .selectFrom('lightning_invoices')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('status', '=', 'pending')
      .where('pay_link', '=', 0)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    return r && invoice(r);
  },
  async invoiceOf(db: DbOrTx, accountId: number, bolt11: string): Promise<LightningInvoiceRow | undefined> {
    const r = await db
      .selectFrom('lightning_invoices')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('bolt11', '=', bolt11)
      .executeTakeFirst();
    return r && invoice(r);
  },
  async invoiceByHash(db: DbOrTx, paymentHash: string): Promise<LightningInvoiceRow | undefined> {
    const r = await db.selectFrom('lightning_invoices').selectAll().where('payment_hash', '=', paymentHash).executeTakeFirst();
    return r && invoice(r);
  },
  async resetPending(db: DbOrTx, accountId: number): Promise<number> {
    const r = await db
      .updateTable('lightning_invoices')
      .set({ status: 'reset' })
      .where('account_id', '=', accountId)
      .where('status', '=', 'pending')
      .where('pay_link', '=', 0)
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  },
  async markInvoicePaid(db: DbOrTx, paymentHash: string, at: number): Promise<void> {
    await db
      .updateTable('lightning_invoices')
      .set({ status: 'paid', paid_at: at })
      .where('payment_hash', '=', paymentHash)
      .where('status', '!=', 'paid')
      .execute();
  },
};
