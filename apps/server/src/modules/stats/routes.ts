import type { FastifyInstance } from 'fastify';
import { campaignStatsBody, campaignStatsResponse, isoDateParam, usageQuery, usageResponse } from '@switchboard/core/contracts/stats';
import { idParam } from '@switchboard/core';
import { z } from 'zod';
import { authOf } from '../auth/index.ts';
import { route, withAuthParams } from '../../platform/http/route.ts';
import type { Services } from '../../services.ts';

/** Spec §7 Stats: usage with costs, and campaign statistics per agent and day. */
export function statsRoutes(app: FastifyInstance, s: Services): void {
  route(app, {
    method: 'GET',
    url: '/api/v2/stats/usage',
    summary: 'Usage per item and date with costs (an organization, an agent, or a partner’s organizations side by side)',
    tags: ['stats'],
    query: withAuthParams(usageQuery),
    response: usageResponse,
    handler: async (req) => s.stats.usage(authOf(req), req.query),
  });

  route(app, {
    method: 'GET',
    url: '/api/v1/stats/campaigns/:date',
    summary: 'Campaign statistics of one day, per agent',
    tags: ['stats'],
    params: z.object({ date: isoDateParam }),
    query: withAuthParams({ campaignId: idParam.optional() }),
    response: campaignStatsResponse,
    handler: async (req) =>
      s.stats.campaigns(authOf(req), {
        startDate: req.params.date,
        endDate: req.params.date,
        campaignIds: req.query.campaignId ? [req.query.campaignId] : undefined,
      }),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/stats/campaigns',
    summary: 'Campaign statistics per agent and day over a period',
    tags: ['stats'],
    body: withAuthParams(campaignStatsBody.shape),
    response: campaignStatsResponse,
    handler: async (req) => s.stats.campaigns(authOf(req), req.body),
  });
}
