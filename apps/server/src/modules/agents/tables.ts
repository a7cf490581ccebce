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

export interface UsageDailyTable {
  account_id: number;
  date: string;
  item: string;
  quantity: number;
}

export interface AgentsTables {
  campaigns: CampaignsTable;
  usage_daily: UsageDailyTable;
}
