import { integrationCheck, integrationList, integrationSlug, integrationView } from '@switchboard/core/contracts/integrations';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { route, withAuthParams, ok } from '../../platform/http/route.ts';
import type { Services } from '../../services.ts';
import { authOf } from '../auth/index.ts';

const tags = ['integrations'];
const params = z.object({ slug: integrationSlug });

export function integrationRoutes(app: FastifyInstance, s: Services) {
  const { integrations } = s;

  route(app, {
    method: 'GET',
    url: '/api/v2/integrations',
    summary: 'The integrations catalog with this account’s connections (secrets masked) and their health',
    tags,
    response: integrationList,
    handler: (req) => integrations.list(authOf(req)),
  });

  route(app, {
    method: 'GET',
    url: '/api/v2/integration/:slug',
    summary: 'An integration’s settings (secrets masked), health and functions',
    tags,
    params,
    response: integrationView,
    handler: (req) => integrations.get(authOf(req), req.params.slug),
  });

  route(app, {
    method: 'POST',
    url: '/api/v2/integration/:slug',
    summary: 'Save an integration’s settings and credentials (merged; null removes a key); connects and checks it when complete',
    tags,
    params,
    body: withAuthParams({ appData: z.record(z.string().max(64), z.unknown()) }),
    response: integrationView,
    handler: (req) => integrations.save(authOf(req), req.params.slug, req.body.appData),
  });

  route(app, {
    method: 'DELETE',
    url: '/api/v2/integration/:slug',
    summary: 'Disconnect an integration: its settings and credentials are deleted',
    tags,
    params,
    response: ok,
    handler: (req) => integrations.remove(authOf(req), req.params.slug),
  });

  route(app, {
    method: 'POST',
    url: '/api/v2/integration/:slug/check',
    summary: 'Check the connection against the service now (valid false with the status on failure)',
    tags,
    params,
    response: integrationCheck,
    handler: (req) => integrations.check(authOf(req), req.params.slug),
  });
}
