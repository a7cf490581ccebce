import type { WebhookEventType } from '@switchboard/core/contracts/webhooks';
import type { DbOrTx } from '../../db.ts';
import { toJson } from '../../platform/db/columns.ts';
import { outboxRepository } from './repository.ts';

/** The scans of the apps running in this process: an emitted event wakes them (else the 30 s scan finds it). */
const wakers = new Set<() => void>();

export function onWebhookEvent(wake: () => void): () => void {
  wakers.add(wake);
  return () => wakers.delete(wake);
}

export interface WebhookEventInput {
  /** The organization (or agent) whose endpoints receive it. */
  accountId: number;
  agentId?: number | null;
  type: WebhookEventType;
  /** Unique per event (`call.ended:<callId>`): emitting again with the same key adds nothing. */
  key: string;
  data: Record<string, unknown>;
}

/**
 * Emits an event to the account's webhooks: one row in the webhook outbox, inside the caller's
 * transaction when given one, so the event exists exactly when what it describes was committed. The
 * webhooks scan makes the deliveries (signed, retried, logged) shortly after.
 */
export async function emitWebhookEvent(db: DbOrTx, e: WebhookEventInput): Promise<void> {
  await outboxRepository.add(db, {
    account_id: e.accountId,
    agent_id: e.agentId ?? null,
    type: e.type,
    event_key: e.key.slice(0, 200),
    payload: toJson(e.data),
    dispatched_at: null,
    created_at: Date.now(),
  });
  // After the caller's transaction has had time to commit; a scan that runs too early finds it next time.
  const t = setTimeout(() => {
    for (const wake of wakers) wake();
  }, 25);
  t.unref();
}
