import type { Generated } from 'kysely';

export interface AgentAppsTable {
  id: Generated<number>;
  account_id: number;
  app_id: string;
  app_version: string;
  app: unknown;
  /** 1 once the app's secret parameter values are sealed (apps/secrets.ts). */
  secrets_sealed: number;
  created_at: number;
  updated_at: number;
}

/** What agents' functions recorded (apps/execute.ts), once per idempotency key. */
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

export interface AppsTables {
  agent_requests: AgentRequestsTable;
  agent_apps: AgentAppsTable;
}
