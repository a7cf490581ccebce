import {
  addDays,
  billingPeriodOf,
  padUsageSeries,
  bucketUsageSeries,
  usageSeriesCosts,
  USAGE_ITEMS,
  USAGE_PRODUCT_ITEM,
  type UsageFrequency,
  type UsageItem,
} from '@switchboard/core';
import type { CampaignStats } from '@switchboard/core/contracts/stats';
import type { Deps } from '../../deps.ts';
import { badRequest } from '../../platform/http/errors.ts';
import { planPricingOf } from '../billing/index.ts';
import type { AuthContext } from '../auth/index.ts';
import { dayIn, organizationTimezone, organizationTimezones } from './record.ts';
import { SLOT_MS, statsReports, type UsageRow } from './repository/readModels.ts';
import { reportScope } from './scope.ts';

const DAY_MS = 86_400_000;
/** The longest usage range one request reads (about three years of days). */
const MAX_USAGE_DAYS = 1100;
const MAX_CAMPAIGN_DAYS = 92;

export interface UsageQuery {
  startDate?: string;
  endDate?: string;
  frequency: UsageFrequency;
  giveCosts: boolean;
  combineCosts: boolean;
  billingPeriod?: boolean;
  timeseries?: boolean;
  agentId?: number;
}

type CampaignDay = CampaignStats & { orgId: number; ratingTotal: number; answeredMs: number };

const campaignDay = (date: string, agentId: number | null, orgId: number): CampaignDay => ({
  date,
  agentId,
  campaignId: null,
  name: '',
  conversations: 0,
  messagesIn: 0,
  messagesOut: 0,
  messagesTaken: 0,
  bookings: 0,
  transfers: 0,
  calls: 0,
  callsAnswered: 0,
  averageCallSeconds: 0,
  ratings: 0,
  averageRating: null,
  orgId,
  ratingTotal: 0,
  answeredMs: 0,
});

const daysBetween = (a: string, b: string) => Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS);

/** item → date → count for some usage rows, each series padded (spec §4) or only bucketed. */
function resultsOf(rows: UsageRow[], q: UsageQuery, range: { start: string; end: string }) {
  const raw = Object.fromEntries(USAGE_ITEMS.map((i) => [i, {} as Record<string, number>]));
  for (const r of rows) if (raw[r.item]) raw[r.item]![r.date] = (raw[r.item]![r.date] ?? 0) + r.quantity;
  const results: Record<string, Record<string, number>> = {};
  const totals: Record<string, number> = {};
  for (const item of USAGE_ITEMS) {
    results[item] =
      q.timeseries === false
        ? bucketUsageSeries(raw[item]!, q.frequency)
        : padUsageSeries(raw[item]!, { start: range.start, end: range.end, frequency: q.frequency });
    totals[item] = Object.values(results[item]!).reduce((a, b) => a + b, 0);
  }
  return { results, totals };
}

type PlanItems = Awaited<ReturnType<typeof planPricingOf>> extends Map<number, infer V> ? V : never;

/** Costs of some results: by the plan's pricing tiers where the plan prices the item, else the list price. */
function costsOf(results: Record<string, Record<string, number>>, plan?: PlanItems) {
  const costs: Record<string, Record<string, number>> = {};
  const combined: Record<string, number> = {};
  for (const [item, series] of Object.entries(results)) {
    costs[item] = usageSeriesCosts(item as UsageItem, series, plan?.[USAGE_PRODUCT_ITEM[item as UsageItem]]);
    for (const [date, c] of Object.entries(costs[item]!)) combined[date] = (combined[date] ?? 0) + c;
  }
  return { costs, combined, total: Object.values(combined).reduce((a, b) => a + b, 0) };
}

/** Sums several organizations' costs (each priced by its own plan) date by date. */
function sumCosts(parts: ReturnType<typeof costsOf>[]): ReturnType<typeof costsOf> {
  const costs: Record<string, Record<string, number>> = {};
  const combined: Record<string, number> = {};
  for (const p of parts) {
    for (const [item, series] of Object.entries(p.costs)) {
      const into = (costs[item] ??= {});
      for (const [date, c] of Object.entries(series)) into[date] = (into[date] ?? 0) + c;
    }
    for (const [date, c] of Object.entries(p.combined)) combined[date] = (combined[date] ?? 0) + c;
  }
  return { costs, combined, total: parts.reduce((a, p) => a + p.total, 0) };
}

export function createStatsService(deps: Deps) {
  const { db } = deps;

  /**
   * The period a usage request reads: the dates given, else the current billing period (spec §4). Dates are
   * the organization's (its time zone): today, and the billing anchor's day of the month.
   */
  async function rangeOf(ctx: AuthContext, q: UsageQuery): Promise<{ start: string; end: string; tz: string; today: string }> {
    const tz = await organizationTimezone(db, ctx.acting.id);
    const today = dayIn(tz);
    const anchorDate = dayIn(tz, Number(ctx.acting.subscribed_at ?? ctx.acting.created_at));
    if (q.billingPeriod || !q.startDate)
      return { ...billingPeriodOf(Date.parse(`${anchorDate}T12:00:00Z`), q.startDate ?? today), tz, today };
    const start = q.startDate;
    const end = q.endDate ?? addDays(start, 29);
    if (end < start) throw badRequest('The end date must not be before the start date.', 'endDate');
    if (daysBetween(start, end) > MAX_USAGE_DAYS) throw badRequest(`The period may span at most ${MAX_USAGE_DAYS} days.`, 'endDate');
    return { start, end, tz, today };
  }

  return {
    /** GET /api/v2/stats/usage: usage per item and date, with costs, for the acting account's reports. */
    async usage(ctx: AuthContext, q: UsageQuery) {
      if (q.agentId != null) await deps.requireAccess(ctx, 'stats.agent', [q.agentId]);
      else await deps.requireAccess(ctx, 'canViewOrg');
      const range = await rangeOf(ctx, q);
      const scope = await reportScope(db, ctx.acting, q.agentId);
      const rows = await statsReports.usage(
        db,
        scope.organizations.map((o) => o.id),
        range,
        scope.agentId,
        q.frequency === 'month',
      );
      const { results, totals } = resultsOf(rows, q, range);
      const wantCosts = q.giveCosts || q.combineCosts;
      const plans = wantCosts
        ? await planPricingOf(
            db,
            scope.organizations.map((o) => o.id),
          )
        : new Map<number, PlanItems>();
      // Side by side: each organization's rows, grouped in one pass, each priced by its own plan.
      const byOrg = new Map<number, UsageRow[]>();
      if (scope.sideBySide) {
        for (const r of rows) {
          const list = byOrg.get(r.organizationId);
          if (list) list.push(r);
          else byOrg.set(r.organizationId, [r]);
        }
      }
      const perOrg = scope.sideBySide
        ? scope.organizations.map((o) => {
            const own = resultsOf(byOrg.get(o.id) ?? [], q, range);
            return { o, own, priced: wantCosts ? costsOf(own.results, plans.get(o.id)) : null };
          })
        : [];
      const priced = !wantCosts
        ? null
        : scope.sideBySide
          ? sumCosts(perOrg.map((p) => p.priced!))
          : costsOf(results, scope.organizations[0] && plans.get(scope.organizations[0].id));
      const organizations = scope.sideBySide
        ? perOrg.map(({ o, own, priced: p }) => ({
            organizationId: o.id,
            name: o.name,
            ...own,
            ...(p ? { totalCost: p.total } : {}),
          }))
        : undefined;
      return {
        success: true as const,
        startDate: range.start,
        endDate: range.end,
        frequency: q.frequency,
        timezone: range.tz,
        today: range.today,
        results,
        totals,
        ...(q.giveCosts && priced ? { costs: priced.costs } : {}),
        ...(q.combineCosts && priced ? { combinedCosts: priced.combined } : {}),
        ...(priced ? { totalCost: priced.total } : {}),
        currency: 'USD' as const,
        ...(organizations ? { organizations } : {}),
      };
    },

    /** Campaign statistics per agent and day between two dates inclusive (GET for one day, POST for a range). */
    async campaigns(ctx: AuthContext, q: { startDate: string; endDate: string; campaignIds?: number[] }) {
      const reached = q.campaignIds?.length
        ? await deps.requireAccess(ctx, 'stats.campaign', q.campaignIds)
        : await deps.requireAccess(ctx, 'canViewOrg');
      if (q.endDate < q.startDate) throw badRequest('The end date must not be before the start date.', 'endDate');
      if (daysBetween(q.startDate, q.endDate) >= MAX_CAMPAIGN_DAYS)
        throw badRequest(`The period may span at most ${MAX_CAMPAIGN_DAYS} days.`, 'endDate');
      const scope = await reportScope(db, ctx.acting);
      const orgIds = scope.organizations.map((o) => o.id);
      if (orgIds.length === 0) return { success: true as const, stats: [] };
      // Which inboxes: chosen campaigns (an organization's own campaign is its inbox without an agent), the acting agent, or all.
      let agentIds: (number | null)[] | null = scope.agentId != null ? [scope.agentId] : null;
      if (q.campaignIds?.length)
        agentIds = [...reached.values()].map((c) =>
          orgIds.includes((c as { agentId: number }).agentId) ? null : (c as { agentId: number }).agentId,
        );
      // Days are the organization's own (its schedule's time zone): read a day more on each side of the
      // UTC dates (offsets are within ±14 h) and keep what falls on the asked local dates.
      const from = Date.parse(`${q.startDate}T00:00:00Z`) - DAY_MS;
      const to = Date.parse(`${q.endDate}T00:00:00Z`) + 2 * DAY_MS;
      const [zones, rooms, messages, ratings, calls] = await Promise.all([
        organizationTimezones(db, orgIds),
        statsReports.conversations(db, orgIds, from, to, agentIds),
        statsReports.messages(db, orgIds, from, to, agentIds),
        statsReports.ratings(db, orgIds, from, to, agentIds),
        statsReports.calls(db, orgIds, from, to, agentIds),
      ]);
      const rowsByKey = new Map<string, CampaignDay>();
      const outside = campaignDay('', null, 0); // counts that fall outside the asked dates land here and are dropped
      const at = (slot: number, agentId: number | null, orgId: number) => {
        const date = dayIn(zones.get(orgId) ?? 'UTC', slot * SLOT_MS);
        if (date < q.startDate || date > q.endDate) return outside;
        const key = `${date}|${agentId ?? `org${orgId}`}`;
        let s = rowsByKey.get(key);
        if (!s) rowsByKey.set(key, (s = campaignDay(date, agentId, orgId)));
        return s;
      };
      for (const r of rooms) at(r.slot, r.agentId, r.orgId).conversations += r.n;
      for (const m of messages) {
        const s = at(m.slot, m.agentId, m.orgId);
        if (m.senderKind === 'system') {
          if (m.eventKind === 'booking') s.bookings += m.n;
          else if (m.eventKind === 'message') s.messagesTaken += m.n;
          else if (m.eventKind === 'transfer') s.transfers += m.n;
        } else if (m.direction === 'inbound') s.messagesIn += m.n;
        else s.messagesOut += m.n;
      }
      for (const c of calls) {
        const s = at(c.slot, c.agentId, c.orgId);
        s.calls += c.n;
        s.callsAnswered += c.answered;
        s.answeredMs += c.answeredMs;
        s.transfers += c.transfers;
      }
      for (const r of ratings) {
        const s = at(r.slot, r.agentId, r.orgId);
        s.ratings += r.n;
        s.ratingTotal += r.total;
      }
      const all = [...rowsByKey.values()];
      const info = await statsReports.agentsInfo(db, [...new Set(all.map((s) => s.agentId ?? s.orgId))]);
      const stats = all
        .map(({ orgId, ratingTotal, answeredMs, ...s }) => {
          const i = info.get(s.agentId ?? orgId);
          return {
            ...s,
            name: i?.name ?? '',
            campaignId: i?.campaignId ?? null,
            averageRating: s.ratings > 0 ? Math.round((ratingTotal / s.ratings) * 10) / 10 : null,
            averageCallSeconds: s.callsAnswered > 0 ? Math.round(answeredMs / s.callsAnswered / 1000) : 0,
          };
        })
        .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : (a.agentId ?? 0) - (b.agentId ?? 0)));
      return { success: true as const, stats };
    },
  };
}

export type StatsService = ReturnType<typeof createStatsService>;
