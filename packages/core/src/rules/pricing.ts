/**
 * Plan pricing (spec §3 Plan: product items with pricing tiers quantityMin, quantityMax). A tier covers
 * the units quantityMin..quantityMax (both inclusive; quantityMax null means no upper bound) and prices
 * each unit at `price` micro-USD.
 * - graduated: every unit is priced by the tier it falls in (the first 100 at one price, the next at another);
 * - volume: every unit is priced by the tier the total quantity falls in.
 */
export interface PricingTier {
  quantityMin: number;
  quantityMax: number | null;
  /** Micro-USD per unit. */
  price: number;
}
export type TierMode = 'graduated' | 'volume';

/** Spec §3 product item kinds. */
export const PRODUCT_ITEM_KINDS = ['voiceMinutes', 'advancedVoiceMinutes', 'messagesIn', 'messagesOut', 'tokens', 'numbers'] as const;
export type ProductItemKind = (typeof PRODUCT_ITEM_KINDS)[number];

/** Why a tier list is unusable, or null: tiers start at 0 or 1, are contiguous, ordered, and only the last is open. */
export function tierProblem(tiers: readonly PricingTier[]): string | null {
  if (tiers.length === 0) return 'A product item needs at least one pricing tier.';
  let next = tiers[0]!.quantityMin;
  if (next !== 0 && next !== 1) return 'The first tier must start at quantity 0 or 1.';
  for (const [i, t] of tiers.entries()) {
    if (!Number.isSafeInteger(t.price) || t.price < 0) return `Tier ${i + 1}: the price must be a whole, non-negative number of micro-USD.`;
    if (t.quantityMin !== next) return `Tier ${i + 1} must start at quantity ${next}.`;
    if (t.quantityMax === null) {
      if (i !== tiers.length - 1) return 'Only the last tier may have no upper bound.';
    } else {
      if (t.quantityMax < t.quantityMin) return `Tier ${i + 1}: quantityMax is below quantityMin.`;
      next = t.quantityMax + 1;
    }
  }
  return null;
}

/** The price in micro-USD of `quantity` units (a whole number ≥ 0). Units beyond a closed last tier are priced by it. */
export function priceOf(quantity: number, tiers: readonly PricingTier[], mode: TierMode): number {
  if (!Number.isSafeInteger(quantity) || quantity < 0) throw new Error('quantity must be a whole number of 0 or more');
  if (quantity === 0 || tiers.length === 0) return 0;
  if (mode === 'volume') {
    const tier =
      tiers.find((t) => quantity >= t.quantityMin && (t.quantityMax === null || quantity <= t.quantityMax)) ?? tiers[tiers.length - 1]!;
    return quantity * tier.price;
  }
  let total = 0;
  for (const [i, t] of tiers.entries()) {
    const first = Math.max(t.quantityMin, 1);
    const last = i === tiers.length - 1 || t.quantityMax === null ? quantity : Math.min(t.quantityMax, quantity);
    if (last >= first) total += (last - first + 1) * t.price;
    if (t.quantityMax !== null && quantity <= t.quantityMax) break;
  }
  return total;
}
