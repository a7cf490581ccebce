import type { Generated } from 'kysely';
import type * as inbox from '../domains/conversations/tables.ts';
import type { DomainsTable } from '../domains/domains/tables.ts';

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

export interface MembershipsTable {
  id: Generated<number>;
  account_id: number;
  user_id: number;
  is_owner: Generated<number>;
  invited_by: number | null;
  created_at: number;
}

export interface TokensTable {
  id: string;
  token_hash: string;
  kind: 'session' | 'api' | 'one_time';
  user_id: number;
  account_id: number | null;
  description: string | null;
  api_type: string | null;
  redirect_url: string | null;
  preview: string | null;
  created_at: number;
  expires_at: number | null;
  last_used_at: number | null;
  consumed_at: number | null;
  revoked_at: number | null;
}

export interface VerificationCodesTable {
  id: Generated<number>;
  channel: 'email' | 'sms';
  address: string;
  purpose: string;
  code_hash: string;
  salt: string;
  account_id: number | null;
  payload: unknown;
  attempts: Generated<number>;
  created_at: number;
  expires_at: number;
  consumed_at: number | null;
}

export interface OutboxTable {
  id: Generated<number>;
  channel: 'email' | 'sms';
  to_address: string;
  from_address: string | null;
  subject: string | null;
  body: string;
  status: string;
  error: string | null;
  idempotency_key: string | null;
  created_at: number;
}

export interface UsageDailyTable {
  account_id: number;
  date: string;
  item: string;
  quantity: number;
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

export interface CampaignsTable {
  id: Generated<number>;
  account_id: number;
  copy: 'staging' | 'default';
  data: unknown;
  updated_by: number | null;
  created_at: number;
  updated_at: number;
}

export interface AgentVersionsTable {
  id: Generated<number>;
  account_id: number;
  title: string;
  source: string;
  snapshot: unknown;
  created_by: number | null;
  created_at: number;
  updated_at: number;
}

export interface AgentTemplatesTable {
  id: string;
  owner_account_id: number;
  name: string;
  data: unknown;
  published: number;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

export interface AgentAppsTable {
  id: Generated<number>;
  account_id: number;
  app_id: string;
  app_version: string;
  app: unknown;
  created_at: number;
  updated_at: number;
}

export interface IntegrationsTable {
  account_id: number;
  slug: string;
  app_data: unknown;
  updated_at: number;
}

export interface AgentRequestsTable {
  id: Generated<number>;
  account_id: number;
  kind: string;
  channel: string;
  room_id: string | null;
  details: unknown;
  status: string;
  idempotency_key: string | null;
  created_at: number;
}

export interface Database {
  accounts: AccountsTable;
  memberships: MembershipsTable;
  tokens: TokensTable;
  verification_codes: VerificationCodesTable;
  outbox: OutboxTable;
  usage_daily: UsageDailyTable;
  check_ins: CheckInsTable;
  account_events: AccountEventsTable;
  campaigns: CampaignsTable;
  agent_versions: AgentVersionsTable;
  agent_templates: AgentTemplatesTable;
  agent_apps: AgentAppsTable;
  integrations: IntegrationsTable;
  agent_requests: AgentRequestsTable;
  domains: DomainsTable;
  rooms: inbox.RoomsTable;
  room_participants: inbox.RoomParticipantsTable;
  room_reads: inbox.RoomReadsTable;
  messages: inbox.MessagesTable;
  activity: inbox.ActivityTable;
  blocks: inbox.BlocksTable;
  notifications: inbox.NotificationsTable;
  phone_numbers: inbox.PhoneNumbersTable;
  destinations: inbox.DestinationsTable;
  carrier_messages: inbox.CarrierMessagesTable;
  jobs: inbox.JobsTable;
  event_seq: inbox.EventSeqTable;
  events: inbox.EventsTable;
}
