import { idParam } from '@switchboard/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AuthContext } from '../auth/index.ts';
import { badRequest } from '../../platform/http/errors.ts';
import { ok, route, withAuthParams } from '../../platform/http/route.ts';
import type { Services } from '../../services.ts';

const tags = ['admin users'];

/** `authOf`: auth's reading of the caller (auth sits above admins; wired in app.ts). */
export function adminUserRoutes(app: FastifyInstance, s: Services, authOf: (req: FastifyRequest) => AuthContext) {
  route(app, {
    method: 'POST',
    url: '/api/v2/inviteAdminUser',
    summary: 'Invite an admin user to the acting account (sends a one-time sign-in link)',
    tags,
    body: withAuthParams({
      email: z.email('Please enter a valid e-mail address.'),
      redirectUrl: z.string().max(2000).optional(),
      isOwner: z.boolean().optional().default(false),
    }),
    response: z.looseObject({ success: z.literal(true), userId: z.number(), message: z.string() }),
    handler: (req) => {
      const ctx = authOf(req);
      return s.admins.invite(ctx, ctx.acting, req.body);
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/v2/listAdminUsers',
    summary: 'Admin users of the acting account',
    tags,
    response: z.object({
      success: z.literal(true),
      users: z.array(
        z.object({
          id: z.number(),
          email: z.string().nullable(),
          name: z.string().nullable(),
          isOwner: z.boolean(),
          isAccountUser: z.boolean(),
          /** Invited but not signed in yet. */
          pending: z.boolean(),
          createdAt: z.number(),
        }),
      ),
    }),
    handler: (req) => s.admins.list(authOf(req)),
  });

  route(app, {
    method: 'DELETE',
    url: '/api/v2/deleteAdminUser',
    summary: 'Remove an admin user (targetUserId) from the acting account',
    tags,
    query: withAuthParams({ targetUserId: idParam.optional() }),
    response: ok,
    handler: async (req) => {
      const body = (req.body ?? {}) as { targetUserId?: unknown };
      const id = Number(req.query.targetUserId ?? body.targetUserId);
      if (!Number.isInteger(id) || id <= 0) throw badRequest('targetUserId: give the id of the user to remove', 'targetUserId');
      return s.admins.remove(authOf(req), id);
    },
  });
}
