import { sql, type Insertable, type Selectable } from 'kysely';
import type { DbOrTx } from '../../db.ts';
import { compiledQuery } from '../../platform/db/compiled.ts';
import type { ProductPlansTable, SubscriptionsTable } from './tables.ts';

export type PlanRow = Selectable<ProductPlansTable>;
export type SubscriptionRow = Selectable<SubscriptionsTable>;

const plan = (r: PlanRow): PlanRow => ({ ...r, price_month: Number(r.price_month), price_year: Number(r.price_year) });
const sub = (r: SubscriptionRow): SubscriptionRow => ({
  ...r,
  current_period_end: Number(r.current_period_end),
  created_at: Number(r.created_at),
  canceled_at: r.canceled_at == null ? null : Number(r.canceled_at),
});

/** Read on every use that may be charged (each agent reply, message, call minute): compiled once (platform/db/compiled.ts). */
const activeSubscriptionOf = compiledQuery<SubscriptionRow, [number]>(1, (db, accountId) =>
  db.selectFrom('subscriptions').selectAll().where('account_id', '=', accountId).where('status', '=', 'active').orderBy('id', 'desc'),
);

export const billingRepository = {
  /** Active plans defined by the platform (owner null) or by one of these owners. */
  async plansOf(db: DbOrTx, owners: number[]): Promise<PlanRow[]> {
    const rows = await db
      .selectFrom('product_plans')
      .selectAll()
      .where('active', '=', 1)
      .where((eb) =>
        owners.length
          ? eb.or([eb('owner_account_id', 'is', null), eb('owner_account_id', 'in', owners)])
          : eb('owner_account_id', 'is', null),
      )
      .orderBy('price_month')
      .orderBy('id')
      .execute();
    return rows.map(plan);
  },
  async plan(db: DbOrTx, id: number): Promise<PlanRow | undefined> {
    const r = await db.selectFrom('product_plans').selectAll().where('id', '=', id).executeTakeFirst();
    return r && plan(r);
  },
  async ownedBy(db: DbOrTx, ownerId: number): Promise<PlanRow[]> {
    const rows = await db
      .selectFrom('product_plans')
      .selectAll()
      .where('owner_account_id', '=', ownerId)
      .where('active', '=', 1)
      .orderBy('id')
      .execute();
    return rows.map(plan);
  },
  async insertPlan(db: DbOrTx, row: Insertable<ProductPlansTable>): Promise<PlanRow> {
    return plan(await db.insertInto('product_plans').values(row).returningAll().executeTakeFirstOrThrow());
  },
  async updatePlan(db: DbOrTx, id: number, ownerId: number, values: Partial<Insertable<ProductPlansTable>>): Promise<PlanRow | undefined> {
    const r = await db
      .updateTable('product_plans')
      .set(values)
      .where('id', '=', id)
      .where('owner_account_id', '=', ownerId)
      .returningAll()
      .executeTakeFirst();
    return r && plan(r);
  },
  async offer(db: DbOrTx, accountId: number, planId: number, by: number): Promise<void> {
    await db
      .insertInto('plan_offers')
      .values({ account_id: accountId, product_plan_id: planId, offered_by: by, created_at: Date.now() })
      .onConflict((oc) => oc.column('account_id').doUpdateSet({ product_plan_id: planId, offered_by: by, created_at: Date.now() }))
      .execute();
  },
  async offeredPlanId(db: DbOrTx, accountId: number): Promise<number | null> {
    const r = await db.selectFrom('plan_offers').select('product_plan_id').where('account_id', '=', accountId).executeTakeFirst();
    return r?.product_plan_id ?? null;
  },
  async activeSubscription(db: DbOrTx, accountId: number): Promise<SubscriptionRow | undefined> {
    const [r] = await activeSubscriptionOf(db, accountId);
    return r && sub(r);
  },
  /** The subscription the organization is on: active, or past due (a renewal not paid yet) — what `currentPlan` shows. */
  async currentSubscription(db: DbOrTx, accountId: number): Promise<SubscriptionRow | undefined> {
    const r = await db
      .selectFrom('subscriptions')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('status', 'in', ['active', 'past_due'])
      .orderBy('id', 'desc')
      .executeTakeFirst();
    return r && sub(r);
  },
  /** Starts a subscription once per checkout (undefined when that checkout already started one). */
  async insertSubscription(db: DbOrTx, row: Insertable<SubscriptionsTable>): Promise<SubscriptionRow | undefined> {
    const r = await db
      .insertInto('subscriptions')
      .values(row)
      .onConflict((oc) => oc.column('checkout_id').doNothing())
      .returningAll()
      .executeTakeFirst();
    return r && sub(r);
  },
  /** The subscription a checkout started. */
  async subscriptionOfCheckout(db: DbOrTx, checkoutId: string): Promise<SubscriptionRow | undefined> {
    const r = await db.selectFrom('subscriptions').selectAll().where('checkout_id', '=', checkoutId).executeTakeFirst();
    return r && sub(r);
  },
  /** Active or past-due subscriptions whose period ended by `now`, oldest first. */
  async dueSubscriptions(db: DbOrTx, now: number, limit: number): Promise<SubscriptionRow[]> {
    const rows = await db
      .selectFrom('subscriptions')
      .selectAll()
      .where('status', 'in', ['active', 'past_due'])
      .where('current_period_end', '<=', now)
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map(sub);
  },
  /** A renewal paid: active again, up to `newEnd` (only ever forward; a canceled one stays canceled). */
  async markRenewed(db: DbOrTx, id: number, newEnd: number): Promise<void> {
    await db
      .updateTable('subscriptions')
      .set({ status: 'active', current_period_end: newEnd })
      .where('id', '=', id)
      .where('status', 'in', ['active', 'past_due'])
      .where('current_period_end', '<', newEnd)
      .execute();
  },
  /** An active subscription whose period `periodEnd` was not paid goes past due; false when it was elsewhere. */
  async markPastDue(db: DbOrTx, id: number, periodEnd: number): Promise<boolean> {
    const r = await db
      .updateTable('subscriptions')
      .set({ status: 'past_due' })
      .where('id', '=', id)
      .where('status', '=', 'active')
      .where('current_period_end', '=', periodEnd)
      .returning('id')
      .executeTakeFirst();
    return r !== undefined;
  },
  /** The plan items of each account's active subscriptions (oldest first), for any number of accounts in one query. */
  async activePlanItems(db: DbOrTx, accountIds: number[]): Promise<{ account_id: number; items: PlanRow['items'] }[]> {
    return db
      .selectFrom('subscriptions as s')
      .innerJoin('product_plans as p', 'p.id', 's.product_plan_id')
      .select(['s.account_id', 'p.items'])
      .where('s.account_id', 'in', accountIds)
      .where('s.status', '=', 'active')
      .orderBy('s.id')
      .execute();
  },
  /** Adds `quantity` to the period's running total of an item, atomically; returns the new total. */
  async addUsage(db: DbOrTx, accountId: number, periodEnd: number, item: string, quantity: number): Promise<number> {
    const row = await db
      .insertInto('usage_charges')
      .values({ account_id: accountId, period_end: periodEnd, item, quantity, amount: 0 })
      .onConflict((oc) =>
        oc.columns(['account_id', 'period_end', 'item']).doUpdateSet({ quantity: sql`usage_charges.quantity + ${quantity}` }),
      )
      .returning('quantity')
      .executeTakeFirstOrThrow();
    return Number(row.quantity);
  },
  async addUsageAmount(db: DbOrTx, accountId: number, periodEnd: number, item: string, amount: number): Promise<void> {
    await db
      .updateTable('usage_charges')
      .set({ amount: sql`amount + ${amount}` })
      .where('account_id', '=', accountId)
      .where('period_end', '=', periodEnd)
      .where('item', '=', item)
      .execute();
  },
  /** The quantity of an item used in the period so far (0 when none). */
  async usedInPeriod(db: DbOrTx, accountId: number, periodEnd: number, item: string): Promise<number> {
    const used = await db
      .selectFrom('usage_charges')
      .select('quantity')
      .where('account_id', '=', accountId)
      .where('period_end', '=', periodEnd)
      .where('item', '=', item)
      .executeTakeFirst();
    return Number(used?.quantity ?? 0);
  },
  /** Ends the account's active subscriptions (all but `keep`). */
  async cancelActive(db: DbOrTx, accountId: number, reason: { reason: string; details: string | null }, keep?: number): Promise<number> {
    let q = db
      .updateTable('subscriptions')
      .set({ status: 'canceled', canceled_at: Date.now(), cancel_reason: reason.reason, cancel_details: reason.details })
      .where('account_id', '=', accountId)
      .where('status', 'in', ['active', 'past_due']);
    if (keep !== undefined) q = q.where('id', '!=', keep);
    return Number((await q.executeTakeFirst()).numUpdatedRows);
  },
};
