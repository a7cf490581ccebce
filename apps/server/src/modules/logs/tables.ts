import type { Generated } from 'kysely';

/** The append-only log (migration 202611241720_logs). */
export interface LogsTable {
  id: Generated<number>;
  /** The organization whose activity it records. */
  account_id: number;
  agent_id: number | null;
  kind: string;
  status: string;
  direction: string | null;
  contact: string | null;
  number: string | null;
  room_id: string | null;
  summary: string;
  details: unknown;
  key: string | null;
  created_at: number;
}

export interface LogsTables {
  logs: LogsTable;
}
