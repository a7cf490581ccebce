import { productItems, type ProductPlan } from '@switchboard/core/contracts/billing';
import type { DbOrTx } from '../../db.ts';
import { fromJson } from '../../platform/db/columns.ts';
import { billingRepository as repo } from './repository.ts';

/**
 * The product items (pricing tiers) of the plans the organizations are subscribed to now, by
 * organization id; an organization with no active subscription is absent. One query for any number of
 * organizations, for the usage reports.
 */
export async function planPricingOf(db: DbOrTx, accountIds: number[]): Promise<Map<number, ProductPlan['productItems']>> {
  const out = new Map<number, ProductPlan['productItems']>();
  if (accountIds.length === 0) return out;
  const rows = await repo.activePlanItems(db, accountIds);
  // The newest active subscription wins (a plan change cancels the older one in the same transaction).
  for (const r of rows) {
    const items = productItems.safeParse(fromJson(r.items, {}));
    out.set(r.account_id, items.success ? items.data : {});
  }
  return out;
}
