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
  status: 'active' | 'past_due' | 'canceled';
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

/** An organization's usage charged in one billing period (by its end) per usage item: the tiers price the running quantity. */
export interface UsageChargesTable {
  account_id: number;
  period_end: number;
  item: string;
  quantity: number;
  /** Micro-USD charged so far. */
  amount: number;
}

export interface BillingTables {
  usage_charges: UsageChargesTable;
  product_plans: ProductPlansTable;
  subscriptions: SubscriptionsTable;
  plan_offers: PlanOffersTable;
}
