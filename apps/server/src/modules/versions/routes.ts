import { agentVersion, campaign, campaignPatch, idParam, queryBool } from '@switchboard/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { route, withAuthParams } from '../../platform/http/route.ts';
import type { Services } from '../../services.ts';
import { authForAccount } from '../agents/index.ts';

const tags = ['versions'];
const id = idParam;
const copy = z.enum(['staging', 'default']);
const versionResponse = z.looseObject({ success: z.literal(true), version: agentVersion });

/** /api/v2/agent/{id}/versions: {id} is the agent account; access is checked as for targetAccountId. */
export function versionRoutes(app: FastifyInstance, s: Services) {
  const { versions } = s.agentDomain;
  const ctxOf = (req: Parameters<typeof authForAccount>[1], accountId: number) => authForAccount(s.deps, req, accountId);

  route(app, {
    method: 'GET',
    url: '/api/v2/agent/:id/versions',
    summary: 'The agent’s versions, newest first (includeData adds the snapshots)',
    tags,
    params: z.object({ id }),
    query: withAuthParams({ includeData: queryBool.optional() }),
    response: z.looseObject({ success: z.literal(true), versions: z.array(agentVersion) }),
    handler: async (req) => versions.list(await ctxOf(req, req.params.id), req.query.includeData ?? false),
  });

  route(app, {
    method: 'POST',
    url: '/api/v2/agent/:id/versions',
    summary: 'Save a version of a copy (source default staging)',
    tags,
    params: z.object({ id }),
    body: withAuthParams({ title: z.string().max(200).optional(), source: copy.optional() }).nullish(),
    response: versionResponse,
    handler: async (req) => versions.create(await ctxOf(req, req.params.id), req.body ?? {}),
  });

  route(app, {
    method: 'POST',
    url: '/api/v2/agent/:id/versions/:versionId',
    summary: 'Replace a version with a snapshot',
    tags,
    params: z.object({ id, versionId: id }),
    body: withAuthParams({ snapshot: campaignPatch.loose() }),
    response: versionResponse,
    handler: async (req) => versions.replace(await ctxOf(req, req.params.id), req.params.versionId, req.body.snapshot),
  });

  route(app, {
    method: 'POST',
    url: '/api/v2/agent/:id/versions/:versionId/restore',
    summary: 'Restore a version to a copy (target default staging)',
    tags,
    params: z.object({ id, versionId: id }),
    body: withAuthParams({ target: copy.default('staging') }).nullish(),
    response: z.looseObject({ success: z.literal(true), campaign }),
    handler: async (req) => versions.restore(await ctxOf(req, req.params.id), req.params.versionId, req.body?.target ?? 'staging'),
  });

  route(app, {
    method: 'PUT',
    url: '/api/v2/agent/:id/versions/:versionId/title',
    summary: 'Rename a version',
    tags,
    params: z.object({ id, versionId: id }),
    body: withAuthParams({ title: z.string().trim().min(1, 'Please enter a title.').max(200) }),
    response: versionResponse,
    handler: async (req) => versions.rename(await ctxOf(req, req.params.id), req.params.versionId, req.body.title),
  });
}
