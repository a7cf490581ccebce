import { formatUsdMicros } from '@switchboard/core';
import { productItems, type ProductPlan, type Subscription } from '@switchboard/core/contracts/billing';
import { fromJson } from '../../platform/db/columns.ts';
import type { PlanRow, SubscriptionRow } from './repository.ts';

export function toPlan(r: PlanRow): ProductPlan {
  const items = productItems.safeParse(fromJson(r.items, {}));
  return {
    productPlanId: r.id,
    name: r.name,
    description: r.description,
    priceMonth: r.price_month,
    priceYear: r.price_year,
    priceMonthUsd: formatUsdMicros(r.price_month),
    priceYearUsd: formatUsdMicros(r.price_year),
    productItems: items.success ? items.data : {},
    ownerAccountId: r.owner_account_id,
  };
}

export function toSubscription(r: SubscriptionRow): Subscription {
  return {
    id: r.id,
    productPlanId: r.product_plan_id,
    term: r.term,
    status: r.status,
    currentPeriodEnd: r.current_period_end,
    createdAt: r.created_at,
    canceledAt: r.canceled_at,
  };
}
