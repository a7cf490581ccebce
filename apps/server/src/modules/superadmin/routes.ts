import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { authOf } from '../auth/index.ts';
import { ok, route, withAuthParams } from '../../platform/http/route.ts';
import type { Services } from '../../services.ts';

const tags = ['super admin'];

export function superAdminRoutes(app: FastifyInstance, s: Services) {
  route(app, {
    method: 'POST',
    url: '/api/v1/disableAccount',
    summary: 'Disable an account (its tokens stop working)',
    tags,
    auth: 'superAdmin',
    body: withAuthParams({
      username: z.string().min(1, 'Please enter a username.'),
      reason: z.string().trim().min(1, 'Please give a reason.').max(500),
      details: z.string().max(5000).optional(),
    }),
    response: ok,
    handler: (req) => s.superAdmin.disable(authOf(req), req.body),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/enableAccount',
    summary: 'Enable a disabled account',
    tags,
    auth: 'superAdmin',
    body: withAuthParams({ username: z.string().min(1, 'Please enter a username.') }),
    response: ok,
    handler: (req) => s.superAdmin.enable(authOf(req), req.body),
  });

  const search = withAuthParams({ phrase: z.string().max(200) });
  route(app, {
    method: 'POST',
    url: '/api/v2/searchAccount',
    summary: 'Find accounts by name or username',
    tags,
    auth: 'superAdmin',
    body: search,
    handler: (req) => s.superAdmin.search(req.body.phrase, false),
  });
  route(app, {
    method: 'POST',
    url: '/api/v2/searchAccount/enhanced',
    summary: 'Find accounts by name, username, e-mail, phone, id or admin e-mail',
    tags,
    auth: 'superAdmin',
    body: search,
    handler: (req) => s.superAdmin.search(req.body.phrase, true),
  });

  route(app, {
    method: 'POST',
    url: '/internal/createPartner',
    summary: 'Create a partner account (the top of a tree)',
    tags,
    auth: 'superAdmin',
    body: withAuthParams({ name: z.string().trim().min(1, 'Please enter a name.').max(120), email: z.email() }),
    handler: (req) => s.superAdmin.createPartner(authOf(req), req.body),
  });
}
