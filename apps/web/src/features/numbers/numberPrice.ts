import { displayUsd, priceOf } from '@switchboard/core';
import type { ProductPlan } from '@switchboard/core/contracts/billing';

/** What one more number costs each month on a plan, given the numbers already held. */
export function numberPriceText(plan: ProductPlan | null, owned: number): string {
  const item = plan?.productItems.numbers;
  if (!plan || !item) return 'No monthly charge: you have no plan that prices phone numbers.';
  const more = priceOf(owned + 1, item.tiers, item.type) - priceOf(owned, item.tiers, item.type);
  if (more <= 0) return `Included in your ${plan.name} plan.`;
  return `${displayUsd(more)} a month more on your ${plan.name} plan.`;
}
