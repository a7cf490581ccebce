import type { Generated } from 'kysely';

export interface CampaignsTable {
  id: Generated<number>;
  account_id: number;
  copy: 'staging' | 'default';
  data: unknown;
  updated_by: number | null;
  created_at: number;
  updated_at: number;
}

/** An organization's own language model (model.ts); `api_key` sealed. */
export interface LlmConnectionsTable {
  org_id: number;
  provider: 'openai' | 'anthropic' | 'openai-compatible';
  model: string;
  base_url: string | null;
  api_key: string | null;
  created_at: number;
  updated_at: number;
}

export interface AgentsTables {
  campaigns: CampaignsTable;
  llm_connections: LlmConnectionsTable;
}
