import type { Generated } from 'kysely';

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

export interface VersionsTables {
  agent_versions: AgentVersionsTable;
}
