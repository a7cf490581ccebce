import type { Generated } from 'kysely';

/** Table types as the database holds them (flags are 0/1, JSON is text or jsonb, time is epoch ms). */
export interface AccountsTable {
  id: Generated<number>;
  username: string;
  account_type: string;
  partner_id: number | null;
  reseller_id: number | null;
  organization_id: number | null;
  parent_id: number | null;
  email: string | null;
  email_verified: Generated<number>;
  phone_number: string | null;
  phone_number_verified: Generated<number>;
  temp_user: Generated<number>;
  super_admin: Generated<number>;
  name: string | null;
  account_name: string | null;
  details: unknown;
  settings: unknown;
  social_links: unknown;
  social_links_position: Generated<string>;
  links: unknown;
  links_config: unknown;
  profile_image: string | null;
  vida_phone_number: string | null;
  vida_premium: Generated<number>;
  sms_enabled: Generated<number>;
  tier1_partner: Generated<number>;
  tier2_partner: Generated<number>;
  tier3_partner: Generated<number>;
  onboarding_complete: Generated<number>;
  external_account_id: string | null;
  billing_id: string | null;
  billing_subscription_id: string | null;
  product_plan_id: string | null;
  product_plan_term: string | null;
  subscribed_at: number | null;
  canceled_at: number | null;
  disabled_at: number | null;
  disabled_reason: string | null;
  disabled_details: string | null;
  deleted_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface CheckInsTable {
  id: Generated<number>;
  account_id: number;
  kind: string;
  details: unknown;
  created_at: number;
}

export interface AccountEventsTable {
  id: Generated<number>;
  account_id: number;
  actor_id: number | null;
  action: string;
  details: unknown;
  created_at: number;
}

export interface AccountsTables {
  accounts: AccountsTable;
  check_ins: CheckInsTable;
  account_events: AccountEventsTable;
}
