import type { FastifyInstance } from 'fastify';
import { searchResponse } from '@switchboard/core/contracts/search';
import { z } from 'zod';
import { authOf } from '../auth/index.ts';
import { route, withAuthParams } from '../../platform/http/route.ts';
import type { Services } from '../../services.ts';

/** GET /api/v1/search/{target} and /enhancedSearch/{target} (which adds messages). */
export function searchRoutes(app: FastifyInstance, s: Services): void {
  for (const [url, enhanced] of [
    ['/api/v1/search/:target', false],
    ['/api/v1/enhancedSearch/:target', true],
  ] as const) {
    route(app, {
      method: 'GET',
      url,
      summary: enhanced ? 'Search accounts, contacts and messages' : 'Search accounts and contacts',
      tags: ['search'],
      params: z.object({ target: z.string().min(1).max(100) }),
      query: withAuthParams({}),
      response: searchResponse,
      handler: async (req) => s.search.search(authOf(req), req.params.target, enhanced),
    });
  }
}
