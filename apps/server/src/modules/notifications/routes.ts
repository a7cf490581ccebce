import { idParam } from '@switchboard/core';
import type { FastifyInstance } from 'fastify';
import { notificationsMarkedResponse, notificationsResponse } from '@switchboard/core/contracts/notifications';
import { z } from 'zod';
import { authOf } from '../auth/index.ts';
import { route, withAuthParams } from '../../platform/http/route.ts';
import type { Services } from '../../services.ts';

/** GET/POST /api/v1/notifications?username: the acting account's notifications; POST marks them read. */
export function notificationRoutes(app: FastifyInstance, s: Services): void {
  route(app, {
    method: 'GET',
    url: '/api/v1/notifications',
    summary: 'Notifications of the acting account, newest first',
    tags: ['notifications'],
    query: withAuthParams({ username: z.string().max(64).optional(), unread: z.enum(['true', 'false']).optional() }),
    response: notificationsResponse,
    handler: async (req) => s.notifications.list(authOf(req), { username: req.query.username, unread: req.query.unread === 'true' }),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/notifications',
    summary: 'Mark notifications read (ids, or all)',
    tags: ['notifications'],
    body: withAuthParams({
      username: z.string().max(64).optional(),
      ids: z.array(idParam).max(500).optional(),
      all: z.boolean().optional(),
    }),
    response: notificationsMarkedResponse,
    handler: async (req) =>
      s.notifications.markRead(authOf(req), {
        username: req.body.username ?? (req.query as { username?: string }).username,
        ids: req.body.ids,
        all: req.body.all,
      }),
  });
}
