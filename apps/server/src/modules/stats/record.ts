import type { UsageItem } from '@switchboard/core';
import type { DbOrTx } from '../../db.ts';
import { statsReadModel as read } from './repository/readModels.ts';
import { statsRepository } from './repository.ts';

/** Today's date (UTC) as usage is recorded. */
export const usageDay = (at = Date.now()) => new Date(at).toISOString().slice(0, 10);

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar date (YYYY-MM-DD) of an instant in an IANA time zone (UTC for an unknown zone). */
export function dayIn(timeZone: string, at = Date.now()): string {
  let f = formatters.get(timeZone);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    } catch {
      return usageDay(at);
    }
    formatters.set(timeZone, f);
  }
  return f.format(at);
}

/**
 * The organization's time zone for an account (the organization itself or one of its agents): the time
 * zone of the organization's business hours (its schedule, `POST /api/v1/schedule`), else UTC. Usage days,
 * weeks, months and billing periods are counted in it.
 */
export async function organizationTimezone(db: DbOrTx, accountId: number): Promise<string> {
  return (await read.organizationTimezone(db, accountId)) || 'UTC';
}

/** The time zones of some organizations (by id; UTC where an organization has no schedule). */
export async function organizationTimezones(db: DbOrTx, organizationIds: number[]): Promise<Map<number, string>> {
  const zones = new Map(organizationIds.map((id) => [id, 'UTC']));
  if (organizationIds.length === 0) return zones;
  const rows = await read.timezones(db, organizationIds);
  for (const r of rows) if (r.timezone) zones.set(r.account_id, r.timezone);
  return zones;
}

/** The organization-local date of an instant for an account's usage. */
export async function usageDayOf(db: DbOrTx, accountId: number, at = Date.now()): Promise<string> {
  return dayIn(await organizationTimezone(db, accountId), at);
}

/**
 * Adds to one daily usage counter (account, day, item): one upsert-increment, so concurrent callers on
 * SQLite or PostgreSQL never lose a count. Pass the caller's transaction to count in the same commit as
 * what is counted. `accountId` is the account that used it (an agent, or the organization itself).
 * `when` is the instant it was used (counted on its date in the organization's time zone) or an explicit
 * date (YYYY-MM-DD).
 */
export async function recordUsage(
  db: DbOrTx,
  accountId: number,
  item: UsageItem,
  quantity = 1,
  when: string | number = Date.now(),
): Promise<void> {
  if (!(quantity > 0)) return;
  const date = typeof when === 'string' ? when : await usageDayOf(db, accountId, when);
  await statsRepository.addDailyUsage(db, accountId, date, item, quantity);
}
