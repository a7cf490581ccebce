import type { Generated } from 'kysely';

/**
 * Tables the platform itself reads and writes (outbox, jobs, realtime events, the local carrier's log).
 * Each module declares its own tables in modules/<name>/tables.ts; apps/server/src/db.ts composes them.
 */

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

export interface JobsTable {
  id: Generated<number>;
  kind: string;
  payload: unknown;
  idempotency_key: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  attempts: Generated<number>;
  max_attempts: number;
  run_at: number;
  locked_until: number | null;
  locked_by: string | null;
  last_error: string | null;
  created_at: number;
  updated_at: number;
  /** Jobs of one lane run one at a time, in queue order; null: no lane (platform/jobs/queue.ts). */
  lane: Generated<string | null>;
}

export interface EventSeqTable {
  name: string;
  value: number;
}

export interface EventsTable {
  id: number;
  account_id: number;
  agent_id: number | null;
  contact_account_id: number | null;
  type: string;
  payload: unknown;
  created_at: number;
}

export interface CarrierMessagesTable {
  id: Generated<number>;
  sid: string;
  direction: 'inbound' | 'outbound';
  from_number: string;
  to_number: string;
  body: string;
  status: string;
  error: string | null;
  created_at: number;
  updated_at: number;
}

/** The simulated carrier's sold numbers (a number it sold is not for sale until released). */
export interface CarrierNumbersTable {
  id: Generated<number>;
  number: string;
  sid: string;
  status: 'purchased' | 'released';
  /** Who holds it: 'switchboard' (us) or another of the carrier's customers. */
  owner: string;
  voice_url: string | null;
  sms_url: string | null;
  updated_at: number;
}

/** The simulated carrier's call ledger: test calls, spoken messages, forwarded calls. */
export interface CarrierCallsTable {
  id: Generated<number>;
  sid: string;
  from_number: string;
  to_number: string;
  kind: 'say' | 'test' | 'stream';
  spoken: string | null;
  forwarded_to: string | null;
  status: string;
  created_at: number;
}

/** Call forwarding a simulated phone has dialled in (*72, **21*, *61 ...). */
export interface CarrierForwardingTable {
  phone: string;
  mode: 'always' | 'no-answer';
  target: string;
  updated_at: number;
}

export interface PlatformTables {
  carrier_numbers: CarrierNumbersTable;
  carrier_calls: CarrierCallsTable;
  carrier_forwarding: CarrierForwardingTable;
  outbox: OutboxTable;
  jobs: JobsTable;
  event_seq: EventSeqTable;
  events: EventsTable;
  carrier_messages: CarrierMessagesTable;
}
