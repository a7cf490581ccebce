import { parseUsdMicros, tierProblem } from '@switchboard/core';
import type { productItems } from '@switchboard/core/contracts/billing';
import type { z } from 'zod';
import type { Deps } from '../../deps.ts';
import type { Db } from '../../db.ts';
import { toJson } from '../../platform/db/columns.ts';
import { badRequest, forbidden, notFound } from '../../platform/http/errors.ts';
import { findAccount } from '../accounts/index.ts';
import type { AuthContext } from '../auth/index.ts';
import { toPlan } from './mappers.ts';
import { billingRepository as repo } from './repository.ts';

type Items = z.infer<typeof productItems>;
export interface PlanInput {
  name: string;
  description: string;
  priceMonth: string | number;
  priceYear: string | number;
  productItems: Items;
}

function priceOf(value: string | number, field: string): number {
  const micros = parseUsdMicros(value);
  if (micros === null) throw badRequest(`${field}: must be a USD amount such as 49 or 49.50.`, field);
  return micros;
}

function checkedItems(items: Items): Items {
  for (const [kind, item] of Object.entries(items)) {
    const problem = item && tierProblem(item.tiers);
    if (problem) throw badRequest(`productItems.${kind}.tiers: ${problem}`, `productItems.${kind}.tiers`);
  }
  return items;
}

/**
 * Plans partners and resellers define for the organizations below them (owner = the acting partner or
 * reseller), and the plan they offer one organization.
 */
export function createPlanAdmin(deps: Deps) {
  const db = deps.db as Db;
  const values = (input: PlanInput) => ({
    name: input.name,
    description: input.description,
    price_month: priceOf(input.priceMonth, 'priceMonth'),
    price_year: priceOf(input.priceYear, 'priceYear'),
    items: toJson(checkedItems(input.productItems)),
  });
  return {
    async myPlans(ctx: AuthContext) {
      await deps.requireAccess(ctx, 'canManageBilling');
      return { success: true as const, productPlans: (await repo.ownedBy(db, ctx.acting.id)).map(toPlan) };
    },

    async createPlan(ctx: AuthContext, input: PlanInput) {
      await deps.requireAccess(ctx, 'canManageBilling');
      const row = await repo.insertPlan(db, { ...values(input), owner_account_id: ctx.acting.id, active: 1, created_at: Date.now() });
      return { success: true as const, productPlan: toPlan(row) };
    },

    async updatePlan(ctx: AuthContext, id: number, input: PlanInput) {
      await deps.requireAccess(ctx, 'canManageBilling');
      const row = await repo.updatePlan(db, id, ctx.acting.id, values(input));
      if (!row) throw notFound('Plan not found.');
      return { success: true as const, productPlan: toPlan(row) };
    },

    /** Offers one of its plans (or a platform plan) to an organization below the acting partner or reseller. */
    async offerPlan(ctx: AuthContext, input: { organizationId: number; productPlanId: number }) {
      await deps.requireAccess(ctx, 'canManageBilling');
      const org = await findAccount(db, input.organizationId);
      if (!org || org.account_type !== 'organization' || (org.partner_id !== ctx.acting.id && org.reseller_id !== ctx.acting.id)) {
        throw notFound('Organization not found.');
      }
      const plan = await repo.plan(db, input.productPlanId);
      if (!plan || !plan.active || (plan.owner_account_id !== null && plan.owner_account_id !== ctx.acting.id))
        throw notFound('Plan not found.');
      if (org.id === ctx.acting.id) throw forbidden();
      await repo.offer(db, org.id, plan.id, ctx.acting.id);
      return { success: true as const, productPlan: toPlan(plan) };
    },
  };
}
