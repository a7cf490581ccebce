import type { Deps } from '../../deps.ts';
import type { Db } from '../../db.ts';
import { notFound, ruleBroken } from '../../platform/http/errors.ts';
import { findAccount, updateAccount } from '../accounts/index.ts';
import type { AuthContext } from '../auth/index.ts';
import type { WalletService } from '../wallet/index.ts';
import { toPlan, toSubscription } from './mappers.ts';
import { createPlanAdmin } from './plans.ts';
import { createRenewals } from './renewals.ts';
import { billingRepository as repo, type PlanRow } from './repository.ts';

type Term = 'month' | 'year';
/** One term after `from` (UTC), the day clamped to the month's end (Jan 31 + 1 month = Feb 28/29). */
export function periodEnd(from: number, term: Term): number {
  const d = new Date(from);
  const months = d.getUTCMonth() + (term === 'year' ? 12 : 1);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), months + 1, 0)).getUTCDate();
  return Date.UTC(d.getUTCFullYear(), months, Math.min(d.getUTCDate(), lastDay), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds());
}

/**
 * Plans and subscriptions (spec §7 Billing). An organization sees the platform's plans and those its
 * partner or reseller defined, subscribes through a card checkout (the subscription starts when the
 * processor's webhook reports the checkout paid, once), and cancels with a reason. An active
 * subscription is what makes the organization premium (vidaPremium).
 */
export function createBillingService(deps: Deps, wallet: WalletService) {
  const db = deps.db as Db;

  /** The plan owners an account can see: its partner and reseller (and itself when it is one). */
  const ownersOf = (ctx: AuthContext) =>
    [ctx.acting.partner_id, ctx.acting.reseller_id, ctx.acting.id].filter((v): v is number => v != null);

  async function visiblePlan(ctx: AuthContext, id: number): Promise<PlanRow> {
    const plans = await repo.plansOf(db, ownersOf(ctx));
    const found =
      plans.find((p) => p.id === id) ?? (id === (await repo.offeredPlanId(db, ctx.acting.id)) ? await repo.plan(db, id) : undefined);
    if (!found) throw notFound('Plan not found.');
    return found;
  }

  // A paid subscription checkout starts the subscription once, in the transaction that records the payment.
  wallet.onCheckoutPaid('subscription', async (trx, co) => {
    const now = Date.now();
    const term = (co.term === 'year' ? 'year' : 'month') as Term;
    const started = await repo.insertSubscription(trx, {
      account_id: co.account_id,
      product_plan_id: co.product_plan_id!,
      term,
      status: 'active',
      checkout_id: co.id,
      cancel_reason: null,
      cancel_details: null,
      current_period_end: periodEnd(now, term),
      created_at: now,
      canceled_at: null,
    });
    if (!started) return;
    await repo.cancelActive(trx, co.account_id, { reason: 'Changed plan', details: null }, started.id);
    await updateAccount(trx, co.account_id, { vida_premium: 1 });
  });

  wallet.addPortalSection(async (accountId) => {
    const sub = await repo.activeSubscription(db, accountId);
    if (!sub) return ['No active plan.'];
    const plan = await repo.plan(db, sub.product_plan_id);
    return [
      `Plan: ${plan?.name ?? 'unknown'} (billed each ${sub.term})`,
      `Renews on ${new Date(sub.current_period_end).toISOString().slice(0, 10)}`,
    ];
  });

  return {
    ...createPlanAdmin(deps),
    ...createRenewals(deps, wallet, periodEnd),

    async productCatalog(ctx: AuthContext) {
      await deps.requireAccess(ctx, 'canViewBilling');
      return { success: true as const, productPlans: (await repo.plansOf(db, ownersOf(ctx))).map(toPlan) };
    },

    async productPlan(ctx: AuthContext, id: number) {
      await deps.requireAccess(ctx, 'canViewBilling');
      return { success: true as const, productPlan: toPlan(await visiblePlan(ctx, id)) };
    },

    /** The catalog and the plan offered to this organization, if it is not in the catalog. */
    async allAvailablePlans(ctx: AuthContext) {
      await deps.requireAccess(ctx, 'canViewBilling');
      const plans = await repo.plansOf(db, ownersOf(ctx));
      const offered = await repo.offeredPlanId(db, ctx.acting.id);
      if (offered && !plans.some((p) => p.id === offered)) {
        const p = await repo.plan(db, offered);
        if (p) plans.push(p);
      }
      return { success: true as const, productPlans: plans.map(toPlan) };
    },

    async offeredPlan(ctx: AuthContext) {
      await deps.requireAccess(ctx, 'canViewBilling');
      const id = await repo.offeredPlanId(db, ctx.acting.id);
      const p = id ? await repo.plan(db, id) : undefined;
      return { success: true as const, productPlan: p ? toPlan(p) : null };
    },

    async currentPlan(ctx: AuthContext) {
      await deps.requireAccess(ctx, 'canViewBilling');
      // A past-due subscription is still the plan, shown with its state (premium is off until it is paid).
      const sub = await repo.currentSubscription(db, ctx.acting.id);
      const p = sub ? await repo.plan(db, sub.product_plan_id) : undefined;
      const account = await findAccount(db, ctx.acting.id);
      return {
        success: true as const,
        productPlan: p ? toPlan(p) : null,
        subscription: sub ? toSubscription(sub) : null,
        vidaPremium: account?.vida_premium === 1,
      };
    },

    async subscribe(ctx: AuthContext, input: { productPlanId: number; term: Term; cancelUrl: string; successUrl: string }) {
      await deps.requireAccess(ctx, 'canManageBilling');
      const plan = await visiblePlan(ctx, input.productPlanId);
      const current = await repo.activeSubscription(db, ctx.acting.id);
      if (current && current.product_plan_id === plan.id && current.term === input.term)
        throw ruleBroken('You are already subscribed to this plan.', 'productPlanId');
      const price = input.term === 'year' ? plan.price_year : plan.price_month;
      if (price === 0) throw ruleBroken('This plan has no price to pay; ask your provider to assign it.', 'productPlanId');
      const co = await wallet.openCheckout(ctx, {
        purpose: 'subscription',
        amount: price,
        description: `${plan.name} plan, billed each ${input.term}`,
        cancelUrl: input.cancelUrl,
        successUrl: input.successUrl,
        productPlanId: plan.id,
        term: input.term,
      });
      return { success: true as const, url: co.url, sessionId: co.sessionId, subscribed: false };
    },

    async cancel(ctx: AuthContext, input: { reason: string; details?: string }) {
      await deps.requireAccess(ctx, 'canManageBilling');
      const n = await db.transaction().execute(async (trx) => {
        const count = await repo.cancelActive(trx, ctx.acting.id, { reason: input.reason, details: input.details ?? null });
        if (count > 0) await updateAccount(trx, ctx.acting.id, { vida_premium: 0 });
        return count;
      });
      if (n === 0) throw ruleBroken('There is no active subscription to cancel.');
      return { success: true as const, message: 'Your subscription has been cancelled.' };
    },

    async portalLink(ctx: AuthContext, redirectUrl: string) {
      await deps.requireAccess(ctx, 'canManageBilling');
      return { success: true as const, url: await wallet.payments.portalUrl(String(ctx.acting.id), redirectUrl) };
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
