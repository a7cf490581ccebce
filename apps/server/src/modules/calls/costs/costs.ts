import { priceOf, USAGE_PRODUCT_ITEM } from '@switchboard/core';
import type { DbOrTx } from '../../../db.ts';
import { planPricingOf } from '../../billing/index.ts';
import { billedMinutes, callItem } from '../mappers.ts';
import { callsRepository, type CallRow } from '../repository.ts';

/** The first instant (epoch ms) of the UTC calendar month `at` falls in. */
export const monthStartUtc = (at: number): number => {
  const d = new Date(at);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
};

/**
 * What each call costs by its organization's plan, by call id, for the calls whose organization's
 * current plan prices the call's item (voiceMinutes or advancedVoiceMinutes); the others are absent
 * (their cost is core's list price). The rule: the call's started minutes are the next units of the
 * organization's usage of that item in the UTC calendar month the call started in, after its calls of
 * the same item that started earlier that month, so a call costs priceOf(before + minutes) −
 * priceOf(before) by the plan's tiers (graduated: each minute by its tier, included minutes free;
 * volume: what the call adds to the re-priced total, never below 0, as the charge itself does).
 * Two queries for any number of calls: the plans of their organizations, then the minutes before each
 * priced call (one statement).
 */
export async function planCallCosts(db: DbOrTx, rows: readonly CallRow[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  const billable = rows.filter((r) => billedMinutes(r) > 0);
  if (!billable.length) return out;
  const plans = await planPricingOf(db, [...new Set(billable.map((r) => r.account_id))]);
  const priced = billable.flatMap((r) => {
    const pricing = plans.get(r.account_id)?.[USAGE_PRODUCT_ITEM[callItem(r)]];
    return pricing && pricing.tiers.length ? [{ r, pricing }] : [];
  });
  if (!priced.length) return out;
  const before = await callsRepository.minutesBefore(
    db,
    priced.map(({ r }) => ({
      id: r.id,
      accountId: r.account_id,
      advanced: callItem(r) === 'advancedVoice',
      from: monthStartUtc(Number(r.started_at)),
      startedAt: Number(r.started_at),
    })),
  );
  priced.forEach(({ r, pricing }, i) => {
    const used = before[i]!;
    const { tiers, type } = pricing;
    out.set(r.id, Math.max(0, priceOf(used + billedMinutes(r), tiers, type) - priceOf(used, tiers, type)));
  });
  return out;
}
