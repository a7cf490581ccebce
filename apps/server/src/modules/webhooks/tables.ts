import type { Generated } from 'kysely';

export interface WebhookEndpointsTable {
  id: Generated<number>;
  account_id: number;
  url: string;
  description: string;
  events: unknown;
  /** The signing secret, sealed (platform/secrets). */
  secret: string;
  active: number;
  failed_in_a_row: number;
  paused_reason: string | null;
  created_at: number;
  updated_at: number;
}

/** One event for one endpoint: unique per (endpoint, event), so an event is delivered once. */
export interface WebhookDeliveriesTable {
  id: Generated<number>;
  endpoint_id: number;
  account_id: number;
  event_id: string;
  event_type: string;
  payload: unknown;
  status: string;
  attempts: number;
  response_status: number | null;
  last_error: string | null;
  duration_ms: number | null;
  created_at: number;
  updated_at: number;
  delivered_at: number | null;
}

/** How far the event log has been turned into deliveries. */
export interface WebhookCursorTable {
  name: string;
  value: number;
}

/**
 * Events other modules emit for webhooks only (calls, contacts, payments), written in the emitting
 * transaction; the scan turns each into deliveries once and stamps `dispatched_at`.
 */
export interface WebhookOutboxTable {
  id: Generated<number>;
  account_id: number;
  agent_id: number | null;
  type: string;
  /** The emitter's idempotency key: the same key again adds nothing. */
  event_key: string;
  payload: unknown;
  dispatched_at: number | null;
  created_at: number;
}

export interface WebhooksTables {
  webhook_outbox: WebhookOutboxTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_cursor: WebhookCursorTable;
}
