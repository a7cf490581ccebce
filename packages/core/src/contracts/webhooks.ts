import { z } from 'zod';
import { idParam } from './common.ts';

/**
 * Outbound webhooks: an organization subscribes a URL to events of its inbox. Each delivery is a POST
 * of `{id, type, createdAt, accountId, data}` signed with the endpoint's secret (docs/webhooks.md):
 *   Switchboard-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(key, "<t>.<body>")>
 * and the Standard Webhooks headers webhook-id, webhook-timestamp, webhook-signature.
 */
export const WEBHOOK_EVENTS = [
  'conversation.created',
  'conversation.updated',
  'conversation.closed',
  'conversation.analyzed',
  'message.created',
  'message.updated',
  'call.started',
  'call.ended',
  'call.analyzed',
  'contact.created',
  'payment.received',
  'meeting.booked',
  'meeting.rescheduled',
  'meeting.cancelled',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];
/** Sent by the test button only. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

export const webhookEndpoint = z.object({
  id: z.number(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  active: z.boolean(),
  /** Why deliveries stopped (repeated failures), until the endpoint is resumed. */
  pausedReason: z.string().nullable(),
  /** The secret's first characters, to tell secrets apart; the whole secret is shown only once. */
  secretHint: z.string(),
  createdAt: z.number(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpoint>;

export const webhookDelivery = z.object({
  id: z.number(),
  endpointId: z.number(),
  eventId: z.string(),
  eventType: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number(),
  responseStatus: z.number().nullable(),
  lastError: z.string().nullable(),
  durationMs: z.number().nullable(),
  createdAt: z.number(),
  deliveredAt: z.number().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;

export const webhookCreateBody = {
  url: z.string().trim().min(1, 'is required').max(2000, 'is too long'),
  events: z.array(z.enum(WEBHOOK_EVENTS)).min(1, 'choose at least one event').max(WEBHOOK_EVENTS.length),
  description: z.string().trim().max(200, 'is too long').optional(),
};

export const webhookIdParams = z.object({ id: idParam });
export const webhookList = z.object({ success: z.literal(true), webhooks: z.array(webhookEndpoint), events: z.array(z.string()) });
export const webhookCreated = z.object({ success: z.literal(true), webhook: webhookEndpoint, secret: z.string() });
export const webhookOne = z.object({ success: z.literal(true), webhook: webhookEndpoint });
export const webhookDeliveries = z.object({ success: z.literal(true), deliveries: z.array(webhookDelivery) });
export const webhookDeliveryOne = z.object({ success: z.literal(true), delivery: webhookDelivery });
