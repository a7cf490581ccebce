import type { Generated } from 'kysely';

/** One integration of an account (spec §3 Integration: integrationSlug, appData). */
export interface IntegrationsTable {
  account_id: number;
  slug: string;
  /** Settings that are not secret. */
  app_data: unknown;
  /** The credentials as one sealed JSON object (platform/secrets); null when not connected. */
  credentials: string | null;
  connected_at: number | null;
  last_success_at: number | null;
  last_error: string | null;
  last_error_at: number | null;
  updated_at: number;
}

/** An agent's calls to an integration, once per idempotency key (the same retried turn gives the same key). */
export interface IntegrationCallsTable {
  id: Generated<number>;
  account_id: number;
  slug: string;
  fn: string;
  idempotency_key: string;
  status: string;
  result: unknown;
  created_at: number;
  updated_at: number;
}

/** Attribution (spec §7 Misc, POST /api/v1/ipCorrelator): which page and referrer a visitor came from. */
export interface IpCorrelationsTable {
  id: Generated<number>;
  /** The visitor's address as a keyed hash (platform/secrets digest), never the address. */
  ip_hash: string;
  page: string;
  ref: string;
  account_id: number | null;
  created_at: number;
}

export interface IntegrationsTables {
  integrations: IntegrationsTable;
  integration_calls: IntegrationCallsTable;
  ip_correlations: IpCorrelationsTable;
}
