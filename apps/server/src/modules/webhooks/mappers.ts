import type { WebhookDelivery, WebhookEndpoint, WebhookEventType } from '@switchboard/core/contracts/webhooks';
import { fromJson } from '../../platform/db/columns.ts';
import type { DeliveryRow, EndpointRow } from './repository.ts';

export function toEndpoint(row: EndpointRow, secret: string): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: fromJson<WebhookEventType[]>(row.events, []),
    active: row.active === 1,
    pausedReason: row.paused_reason,
    secretHint: `${secret.slice(0, 10)}…`,
    createdAt: Number(row.created_at),
  };
}

export function toDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    endpointId: row.endpoint_id,
    eventId: row.event_id,
    eventType: row.event_type,
    status: row.status as WebhookDelivery['status'],
    attempts: row.attempts,
    responseStatus: row.response_status,
    lastError: row.last_error,
    durationMs: row.duration_ms,
    createdAt: Number(row.created_at),
    deliveredAt: row.delivered_at == null ? null : Number(row.delivered_at),
  };
}
