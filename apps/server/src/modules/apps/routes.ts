import { appDefinition } from '@switchboard/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { authOf } from '../auth/index.ts';
import { route, withAuthParams } from '../../platform/http/route.ts';
import type { Services } from '../../services.ts';

const tags = ['apps'];
const params = z.object({ appId: z.string().min(1).max(64), appVersion: z.string().min(1).max(20) });
const appBody = z.looseObject({ appData: z.looseObject({}).optional(), dependencies: z.looseObject({}).optional() });
const one = z.looseObject({ success: z.literal(true), app: appDefinition });

export function appRoutes(app: FastifyInstance, s: Services) {
  const { apps } = s.agentDomain;

  route(app, {
    method: 'GET',
    url: '/api/v2/apps',
    summary: 'Apps the agent can add: built-ins with this account’s settings, then its own apps',
    tags,
    response: z.looseObject({ success: z.literal(true), apps: z.array(appDefinition) }),
    handler: (req) => apps.list(authOf(req)),
  });

  route(app, {
    method: 'GET',
    url: '/api/v2/apps/:appId/:appVersion',
    summary: 'One app (secrets masked)',
    tags,
    params,
    response: one,
    handler: (req) => apps.get(authOf(req), req.params.appId, req.params.appVersion),
  });

  route(app, {
    method: 'POST',
    url: '/api/v2/apps/:appId/:appVersion',
    summary: 'Configure a built-in app (parameter values) or create an app of your own',
    tags,
    params,
    body: withAuthParams({ app: appBody }),
    response: one,
    handler: (req) => apps.create(authOf(req), req.params.appId, req.params.appVersion, req.body.app as never),
  });

  route(app, {
    method: 'PUT',
    url: '/api/v2/apps/:appId/:appVersion',
    summary: 'Update an app; reload returns it as stored',
    tags,
    params,
    body: withAuthParams({ app: appBody, reload: z.boolean().optional() }),
    handler: (req) => apps.update(authOf(req), req.params.appId, req.params.appVersion, req.body.app as never, req.body.reload ?? false),
  });

  route(app, {
    method: 'DELETE',
    url: '/api/v2/apps/:appId/:appVersion',
    summary: 'Remove an app of your own, or clear a built-in app’s settings',
    tags,
    params,
    handler: (req) => apps.remove(authOf(req), req.params.appId, req.params.appVersion),
  });
}
