import { addDays } from '@switchboard/core/rules/usage';

/** The calendar date (yyyy-mm-dd) of an instant in a time zone (UTC when the zone is unknown or not given). */
export function dayIn(timeZone: string | undefined, at = Date.now()): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone: timeZone || 'UTC', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
  } catch {
    return new Date(at).toISOString().slice(0, 10);
  }
}

/** Today as yyyy-mm-dd in the organization's time zone (usage is counted on its days). */
export const todayIso = (timeZone?: string) => dayIn(timeZone);

/**
 * The instant (epoch ms) a date (yyyy-mm-dd) begins in a time zone: its midnight, found by halving the
 * 30 hours around that date's UTC midnight (no zone is more than 14 hours off UTC).
 */
export function startOfDateIn(timeZone: string | undefined, date: string): number {
  const utc = Date.parse(`${date}T00:00:00Z`);
  let lo = utc - 15 * 3_600_000;
  let hi = utc + 15 * 3_600_000;
  while (hi - lo > 60_000) {
    const mid = Math.floor((lo + hi) / 2);
    if (dayIn(timeZone, mid) >= date) hi = mid;
    else lo = mid;
  }
  // Midnights fall on whole minutes.
  return hi - (hi % 60_000);
}

/** The instant (epoch ms) today began in a time zone. */
export const startOfTodayIn = (timeZone: string | undefined, now = Date.now()) => startOfDateIn(timeZone, dayIn(timeZone, now));

/** The default report range: the last 30 days of the organization, today included. */
export const lastThirtyDays = (timeZone?: string) => ({ startDate: addDays(todayIso(timeZone), -29), endDate: todayIso(timeZone) });

/** Micro-USD as dollars and cents. */
export const formatMicroUsd = (micro: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(micro / 1_000_000);

/** The label of each usage counter. */
export const ITEM_LABELS: Record<string, string> = {
  'inbound-message': 'Messages in',
  'outbound-message': 'Messages out',
  tokens: 'Model tokens',
  voice: 'Voice minutes',
  advancedVoice: 'Advanced voice minutes',
  number: 'Number days',
};
