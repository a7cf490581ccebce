import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { fromJson } from '../../db/columns.ts';
import { authOf } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import { route, withAuthParams } from '../../http/route.ts';
import type { Services } from '../../services.ts';

/** GET/POST /api/v1/notifications?username: the acting account's notifications; POST marks them read. */
export function notificationRoutes(app: FastifyInstance, s: Services): void {
  const db = s.deps.db;
  const accountFor = (acting: { id: number; username: string }, username?: string) => {
    // The username names the acting account (the client sends its own); any other is not yours.
    if (username && username.toLowerCase() !== acting.username) throw notFound('Account not found.');
    return acting.id;
  };

  route(app, {
    method: 'GET',
    url: '/api/v1/notifications',
    summary: 'Notifications of the acting account, newest first',
    tags: ['notifications'],
    query: withAuthParams({ username: z.string().max(64).optional(), unread: z.enum(['true', 'false']).optional() }),
    handler: async (req) => {
      const ctx = authOf(req);
      const accountId = accountFor(ctx.acting, req.query.username);
      let q = db.selectFrom('notifications').selectAll().where('account_id', '=', accountId);
      if (req.query.unread === 'true') q = q.where('read_at', 'is', null);
      const rows = await q.orderBy('id', 'desc').limit(100).execute();
      const unread = await db
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('account_id', '=', accountId)
        .where('read_at', 'is', null)
        .executeTakeFirst();
      return {
        success: true as const,
        unread: Number(unread?.n ?? 0),
        notifications: rows.map((r) => ({
          id: r.id,
          kind: r.kind,
          title: r.title,
          body: r.body,
          data: fromJson(r.data, {}),
          read: r.read_at != null,
          timestamp: Number(r.created_at),
        })),
      };
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/notifications',
    summary: 'Mark notifications read (ids, or all)',
    tags: ['notifications'],
    body: withAuthParams({ username: z.string().max(64).optional(), ids: z.array(z.number().int().positive()).max(500).optional(), all: z.boolean().optional() }),
    handler: async (req) => {
      const ctx = authOf(req);
      const accountId = accountFor(ctx.acting, req.body.username ?? (req.query as { username?: string }).username);
      let q = db.updateTable('notifications').set({ read_at: Date.now() }).where('account_id', '=', accountId).where('read_at', 'is', null);
      if (!req.body.all) q = q.where('id', 'in', req.body.ids?.length ? req.body.ids : [0]);
      const res = await q.executeTakeFirst();
      return { success: true as const, marked: Number(res.numUpdatedRows ?? 0) };
    },
  });
}
