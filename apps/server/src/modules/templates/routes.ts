import { agentTemplate, campaignApp, templateField, templateIntegration } from '@switchboard/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { authOf } from '../auth/index.ts';
import { route, withAuthParams } from '../../platform/http/route.ts';
import type { Services } from '../../services.ts';

const tags = ['templates'];
const templateBody = {
  name: z.string().max(120).optional(),
  description: z.string().max(2000).optional(),
  category: z.string().max(60).optional(),
  agentInstructions: z.string().max(50_000).optional(),
  greeting: z.string().max(2000).optional(),
  templateFields: z.array(templateField).max(30).optional(),
  templateIntegrations: z.array(templateIntegration).max(20).optional(),
  apps: z.array(campaignApp.partial()).max(50).optional(),
  enabledFunctions: z.record(z.string(), z.array(z.string())).optional(),
  published: z.boolean().optional(),
};
const one = z.looseObject({ success: z.literal(true), template: agentTemplate });

export function templateRoutes(app: FastifyInstance, s: Services) {
  const { templates } = s.agentDomain;

  route(app, {
    method: 'GET',
    url: '/api/v2/templates',
    summary: 'Templates the account can use: built-ins and those of its account and the accounts above',
    tags,
    response: z.looseObject({ success: z.literal(true), templates: z.array(agentTemplate) }),
    handler: (req) => templates.list(authOf(req)),
  });

  route(app, {
    method: 'POST',
    url: '/api/v2/templates/createTemplate',
    summary: 'Create a template owned by the acting account (optionally copyFrom a template, or fromAgent)',
    tags,
    body: withAuthParams({ ...templateBody, copyFrom: z.string().optional(), fromAgent: z.boolean().optional() }),
    response: one,
    handler: (req) => templates.create(authOf(req), req.body as never),
  });

  route(app, {
    method: 'GET',
    url: '/api/v2/templates/:id',
    summary: 'One template',
    tags,
    params: z.object({ id: z.string().min(1).max(40) }),
    response: one,
    handler: (req) => templates.get(authOf(req), req.params.id),
  });

  route(app, {
    method: 'POST',
    url: '/api/v2/templates/:id',
    summary: 'Update (or rename, or publish) a template the acting account owns',
    tags,
    params: z.object({ id: z.string().min(1).max(40) }),
    body: withAuthParams(templateBody),
    response: one,
    handler: (req) => templates.update(authOf(req), req.params.id, req.body as never),
  });

  route(app, {
    method: 'DELETE',
    url: '/api/v2/templates/:id',
    summary: 'Delete a template the acting account owns',
    tags,
    params: z.object({ id: z.string().min(1).max(40) }),
    handler: (req) => templates.remove(authOf(req), req.params.id),
  });
}
