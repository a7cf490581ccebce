import type { Generated } from 'kysely';

export interface CallsTable {
  id: string;
  account_id: number;
  agent_id: number;
  direction: 'inbound' | 'outbound' | 'web';
  from_number: string;
  to_number: string;
  status: 'queued' | 'ringing' | 'in-progress' | 'completed' | 'failed' | 'no-answer';
  client_key: string | null;
  started_at: number;
  answered_at: number | null;
  ended_at: number | null;
  duration_ms: Generated<number>;
  end_reason: string | null;
  transcript: unknown;
  events: unknown;
  created_by: number | null;
}

export interface CallsTables {
  calls: CallsTable;
}
