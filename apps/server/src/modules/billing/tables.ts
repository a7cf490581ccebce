import type { Generated } from 'kysely';

export interface ProductPlansTable {
  id: Generated<number>;
  owner_account_id: number | null;
  name: string;
  description: Generated<string>;
  price_month: number;
  price_year: number;
  /** JSON: product items keyed by kind, each with a tier mode, a unit and pricing tiers. */
  items: unknown;
  active: Generated<number>;
  created_at: number;
}

export interface SubscriptionsTable {
  id: Generated<number>;
  account_id: number;
  product_plan_id: number;
  term: 'month' | 'year';
  status: 'active' | 'canceled';
  checkout_id: string | null;
  cancel_reason: string | null;
  cancel_details: string | null;
  current_period_end: number;
  created_at: number;
  canceled_at: number | null;
}

export interface PlanOffersTable {
  account_id: number;
  product_plan_id: number;
  offered_by: number;
  created_at: number;
}

export interface BillingTables {
  product_plans: ProductPlansTable;
  subscriptions: SubscriptionsTable;
  plan_offers: PlanOffersTable;
}
