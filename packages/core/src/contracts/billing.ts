import { z } from 'zod';
import { PRODUCT_ITEM_KINDS } from '../rules/pricing.ts';
import { returnUrl } from './wallet.ts';
import { idParam } from './common.ts';

/** Spec §3 Plan and §7 Billing. Prices are integer micro-USD. */
export const pricingTier = z.object({
  quantityMin: z.number().int().min(0),
  quantityMax: z.number().int().min(0).nullable(),
  price: z.number().int().min(0),
});
export const productItem = z.object({ type: z.enum(['graduated', 'volume']), unit: z.string(), tiers: z.array(pricingTier) });
export const productItems = z.partialRecord(z.enum(PRODUCT_ITEM_KINDS), productItem);

export const productPlan = z.object({
  productPlanId: z.number(),
  name: z.string(),
  description: z.string(),
  priceMonth: z.number().int(),
  priceYear: z.number().int(),
  priceMonthUsd: z.string(),
  priceYearUsd: z.string(),
  productItems,
  /** The partner or reseller that defined it; null for the platform's own plans. */
  ownerAccountId: z.number().nullable(),
});
export type ProductPlan = z.infer<typeof productPlan>;

export const subscription = z.object({
  id: z.number(),
  productPlanId: z.number(),
  term: z.enum(['month', 'year']),
  status: z.enum(['active', 'past_due', 'canceled']),
  currentPeriodEnd: z.number(),
  createdAt: z.number(),
  canceledAt: z.number().nullable(),
});
export type Subscription = z.infer<typeof subscription>;

export const productCatalogResponse = z.object({ success: z.literal(true), productPlans: z.array(productPlan) });
export const productPlanResponse = z.object({ success: z.literal(true), productPlan });
export const currentPlanResponse = z.object({
  success: z.literal(true),
  productPlan: productPlan.nullable(),
  subscription: subscription.nullable(),
  vidaPremium: z.boolean(),
});
export type CurrentPlanResponse = z.infer<typeof currentPlanResponse>;
export const offeredPlanResponse = z.object({ success: z.literal(true), productPlan: productPlan.nullable() });

export const PLAN_TERMS = ['month', 'year'] as const;
export const subscribeBody = {
  productPlanId: idParam,
  term: z.enum(PLAN_TERMS, { error: 'must be month or year' }).default('month'),
  cancelUrl: returnUrl,
  successUrl: returnUrl,
};
export const subscribeResponse = z.object({
  success: z.literal(true),
  /** Where to pay (the checkout), or the success page when the plan is free. */
  url: z.string(),
  sessionId: z.string().nullable(),
  subscribed: z.boolean(),
});
export type SubscribeResponse = z.infer<typeof subscribeResponse>;

export const cancelQuery = {
  reason: z.string().min(1, 'is required').max(200, 'is too long'),
  details: z.string().max(2000, 'is too long').optional(),
};
export const portalLinkBody = { redirectUrl: returnUrl };
export const portalLinkResponse = z.object({ success: z.literal(true), url: z.string() });

/** Plans a partner or reseller defines for its organizations (prices as decimal USD, parsed exactly). */
export const planBody = {
  name: z.string().trim().min(1, 'Please enter a name.').max(80, 'is too long'),
  description: z.string().max(500, 'is too long').default(''),
  priceMonth: z.union([z.string().max(20, 'is too long'), z.number()]),
  priceYear: z.union([z.string().max(20, 'is too long'), z.number()]),
  productItems,
};
export const offerPlanBody = { organizationId: idParam, productPlanId: idParam };
