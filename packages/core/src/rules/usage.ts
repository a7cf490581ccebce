/** Usage rules of spec §3 (Usage result), §4 (Usage timeseries) and §9 (usage padding 30 days). */
import { USAGE_PADDING_DAYS } from '../constants.ts';
import { priceOf, type PricingTier, type ProductItemKind, type TierMode } from './pricing.ts';

/** The usage counters (spec §3 Usage result), recorded per account, item and day. */
export const USAGE_ITEMS = ['number', 'tokens', 'voice', 'advancedVoice', 'outbound-message', 'inbound-message'] as const;
export type UsageItem = (typeof USAGE_ITEMS)[number];

export const USAGE_FREQUENCIES = ['day', 'week', 'month'] as const;
export type UsageFrequency = (typeof USAGE_FREQUENCIES)[number];

/**
 * Price of one unit of each counter in micro-USD (number: one number held for a day; tokens: one model
 * token; voice and advancedVoice: one minute; messages: one message). One list in one place until the
 * billing plans bring their pricing tiers.
 */
export const USAGE_PRICES_MICRO_USD: Record<UsageItem, number> = {
  number: 50_000,
  tokens: 2,
  voice: 50_000,
  advancedVoice: 150_000,
  'outbound-message': 5_000,
  'inbound-message': 5_000,
};

const DAY_MS = 86_400_000;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Whether a string is a real calendar date yyyy-mm-dd. */
export function isIsoDate(s: string): boolean {
  if (!ISO_DATE.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The first day of the bucket a date falls in: the day itself, the Monday of its week, the 1st of its month. */
export function bucketOf(date: string, frequency: UsageFrequency): string {
  if (frequency === 'month') return `${date.slice(0, 7)}-01`;
  if (frequency === 'week') {
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 = Sunday
    return addDays(date, -((weekday + 6) % 7));
  }
  return date;
}

function nextBucket(bucket: string, frequency: UsageFrequency): string {
  if (frequency === 'day') return addDays(bucket, 1);
  if (frequency === 'week') return addDays(bucket, 7);
  const d = new Date(`${bucket}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return d.toISOString().slice(0, 10);
}

/**
 * Spec §4: a usage series with every bucket from the first date present (zeros where nothing was
 * recorded) up to the end date, or over 30 days after the first date when no end is given; sorted by date.
 */
export function padUsageSeries(
  series: Record<string, number>,
  opts: { start: string; end?: string; frequency?: UsageFrequency },
): Record<string, number> {
  const frequency = opts.frequency ?? 'day';
  const end = opts.end ?? addDays(opts.start, USAGE_PADDING_DAYS - 1);
  const out: Record<string, number> = {};
  for (let b = bucketOf(opts.start, frequency); b <= end; b = nextBucket(b, frequency)) out[b] = 0;
  for (const date of Object.keys(series).sort()) out[bucketOf(date, frequency)] = (out[bucketOf(date, frequency)] ?? 0) + series[date]!;
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** Sums a per-day series into buckets of a frequency, sorted by date (no padding). */
export function bucketUsageSeries(series: Record<string, number>, frequency: UsageFrequency): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [date, n] of Object.entries(series)) out[bucketOf(date, frequency)] = (out[bucketOf(date, frequency)] ?? 0) + n;
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * The billing period holding `today`: it starts on the day of the month the subscription (or the account)
 * started, clamped to the month's length, and ends the day before the next such day.
 */
export function billingPeriodOf(anchorMs: number, today: string): { start: string; end: string } {
  const anchorDay = new Date(anchorMs).getUTCDate();
  const at = (y: number, m: number) => {
    const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
    return new Date(Date.UTC(y, m, Math.min(anchorDay, last))).toISOString().slice(0, 10);
  };
  const t = new Date(`${today}T00:00:00Z`);
  let y = t.getUTCFullYear();
  let m = t.getUTCMonth();
  if (at(y, m) > today) m -= 1;
  if (m < 0) {
    m = 11;
    y -= 1;
  }
  const start = at(y, m);
  const next = m === 11 ? at(y + 1, 0) : at(y, m + 1);
  return { start, end: addDays(next, -1) };
}

/** Cost of a count of one item in micro-USD. */
export function usageCost(item: UsageItem, quantity: number): number {
  return quantity * USAGE_PRICES_MICRO_USD[item];
}

/** The plan product item (spec §3 Plan) that prices each usage counter. */
export const USAGE_PRODUCT_ITEM = {
  number: 'numbers',
  tokens: 'tokens',
  voice: 'voiceMinutes',
  advancedVoice: 'advancedVoiceMinutes',
  'outbound-message': 'messagesOut',
  'inbound-message': 'messagesIn',
} as const satisfies Record<UsageItem, ProductItemKind>;

/** How a plan prices one product item (its tier mode and tiers); see `priceOf`. */
export interface ItemPricing {
  type: TierMode;
  tiers: readonly PricingTier[];
}

/**
 * Costs in micro-USD of a date-sorted usage series. With the plan's pricing of the item, the tiers apply
 * to the quantity accumulated from the series' first date, and each date costs what it adds:
 * priceOf(sum up to it) − priceOf(sum before it), so the dates add up to the price of the total. Without
 * one, every unit costs the list price `USAGE_PRICES_MICRO_USD`.
 */
export function usageSeriesCosts(item: UsageItem, series: Record<string, number>, pricing?: ItemPricing | null): Record<string, number> {
  const out: Record<string, number> = {};
  if (!pricing || pricing.tiers.length === 0) {
    for (const [date, n] of Object.entries(series)) out[date] = usageCost(item, n);
    return out;
  }
  let sum = 0;
  let before = 0;
  for (const date of Object.keys(series).sort()) {
    sum += series[date]!;
    const upTo = priceOf(sum, pricing.tiers, pricing.type);
    out[date] = upTo - before;
    before = upTo;
  }
  return out;
}
