import {
  webhookCreateBody,
  webhookCreated,
  webhookDeliveries,
  webhookDeliveryOne,
  webhookIdParams,
  webhookList,
  webhookOne,
} from '@switchboard/core/contracts/webhooks';
import { idParam } from '@switchboard/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok, route, withAuthParams } from '../../platform/http/route.ts';
import type { Services } from '../../services.ts';
import { authOf } from '../auth/index.ts';

const tags = ['webhooks'];

export function webhookRoutes(app: FastifyInstance, s: Services) {
  const { webhooks } = s;

  route(app, {
    method: 'GET',
    url: '/api/v2/webhooks',
    summary: 'Outbound webhooks and the events they can subscribe to',
    tags,
    response: webhookList,
    handler: (req) => webhooks.list(authOf(req)),
  });

  route(app, {
    method: 'POST',
    url: '/api/v2/webhooks',
    summary: 'Subscribe a URL to events; the answer holds the signing secret, shown this once',
    tags,
    body: withAuthParams(webhookCreateBody),
    response: webhookCreated,
    handler: (req) => webhooks.create(authOf(req), req.body),
  });

  route(app, {
    method: 'DELETE',
    url: '/api/v2/webhooks/:id',
    summary: 'Delete a webhook and its delivery log',
    tags,
    params: webhookIdParams,
    response: ok,
    handler: (req) => webhooks.remove(authOf(req), req.params.id),
  });

  route(app, {
    method: 'POST',
    url: '/api/v2/webhooks/:id/active',
    summary: 'Pause or resume a webhook',
    tags,
    params: webhookIdParams,
    body: withAuthParams({ active: z.boolean() }),
    response: webhookOne,
    handler: (req) => webhooks.setActive(authOf(req), req.params.id, req.body.active),
  });

  route(app, {
    method: 'GET',
    url: '/api/v2/webhooks/:id/deliveries',
    summary: 'The webhook’s recent deliveries with status, attempts and timing',
    tags,
    params: webhookIdParams,
    response: webhookDeliveries,
    handler: (req) => webhooks.deliveries(authOf(req), req.params.id),
  });

  route(app, {
    method: 'POST',
    url: '/api/v2/webhooks/:id/test',
    summary: 'Send a webhook.test event to the endpoint',
    tags,
    params: webhookIdParams,
    response: webhookDeliveryOne,
    handler: (req) => webhooks.test(authOf(req), req.params.id),
  });

  route(app, {
    method: 'POST',
    url: '/api/v2/webhooks/:id/deliveries/:deliveryId/replay',
    summary: 'Send a delivery again with the same event id',
    tags,
    params: z.object({ id: idParam, deliveryId: idParam }),
    response: webhookDeliveryOne,
    handler: (req) => webhooks.replay(authOf(req), req.params.id, req.params.deliveryId),
  });
}
