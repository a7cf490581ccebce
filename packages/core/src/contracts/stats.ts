import { z } from 'zod';
import { idParam, queryBool } from './common.ts';
import { isIsoDate, USAGE_FREQUENCIES } from '../rules/usage.ts';

/** A calendar date yyyy-mm-dd (an ISO timestamp is accepted and cut to its date). */
export const isoDateParam = z
  .string()
  .max(40, 'is too long')
  .transform((s) => s.slice(0, 10))
  .refine(isIsoDate, 'must be an ISO date (yyyy-mm-dd)');

/** GET /api/v2/stats/usage (spec §7). */
export const usageQuery = {
  startDate: isoDateParam.optional(),
  endDate: isoDateParam.optional(),
  frequency: z.enum(USAGE_FREQUENCIES).optional().default('day'),
  giveCosts: queryBool.optional().default(true),
  combineCosts: queryBool.optional().default(true),
  billingPeriod: queryBool.optional(),
  timeseries: queryBool.optional(),
  agentId: idParam.optional(),
};

/** item → date → count (spec §3 Usage result: results keyed by item, each a per-date map). */
const perItem = z.record(z.string(), z.record(z.string(), z.number()));

export const usageOfOrganization = z.object({
  organizationId: z.number(),
  name: z.string(),
  results: perItem,
  totals: z.record(z.string(), z.number()),
  totalCost: z.number().optional(),
});

export const usageResponse = z.object({
  success: z.literal(true),
  startDate: z.string(),
  endDate: z.string(),
  frequency: z.enum(USAGE_FREQUENCIES),
  /** The organization's time zone (its business hours'), in which usage dates are counted. */
  timezone: z.string().optional(),
  /** Today's date in that time zone (yyyy-mm-dd). */
  today: z.string().optional(),
  results: perItem,
  /** Sum of each item over the period. */
  totals: z.record(z.string(), z.number()),
  /** giveCosts: item → date → cost in micro-USD. */
  costs: perItem.optional(),
  /** combineCosts: date → the cost of every item, and the period's total, in micro-USD. */
  combinedCosts: z.record(z.string(), z.number()).optional(),
  totalCost: z.number().optional(),
  currency: z.literal('USD'),
  /** A partner or reseller: its organizations side by side. */
  organizations: z.array(usageOfOrganization).optional(),
});
export type UsageResponse = z.infer<typeof usageResponse>;

/** Campaign statistics of one agent and day (spec §3 Campaign (stats), §7 Stats). */
export const campaignStats = z.object({
  date: z.string(),
  agentId: z.number().nullable(),
  campaignId: z.number().nullable(),
  name: z.string(),
  conversations: z.number(),
  messagesIn: z.number(),
  messagesOut: z.number(),
  messagesTaken: z.number(),
  bookings: z.number(),
  transfers: z.number(),
  calls: z.number(),
  callsAnswered: z.number(),
  averageCallSeconds: z.number(),
  ratings: z.number(),
  averageRating: z.number().nullable(),
});
export type CampaignStats = z.infer<typeof campaignStats>;

export const campaignStatsResponse = z.object({ success: z.literal(true), stats: z.array(campaignStats) });

export const campaignStatsBody = z.object({
  startDate: isoDateParam,
  endDate: isoDateParam,
  campaignIds: z.array(idParam).max(100).optional(),
});
