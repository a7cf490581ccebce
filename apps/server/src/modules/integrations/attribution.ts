import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../db.ts';
import { ok, route } from '../../platform/http/route.ts';
import { secretBoxFor } from '../../platform/secrets/index.ts';
import { correlationsRepository } from './repository.ts';
import type { Services } from '../../services.ts';

/**
 * Attribution (spec §7 Misc): `POST /api/v1/ipCorrelator` records which page and referrer a visitor
 * came from, keyed by a keyed hash of the visitor's address (signed in or not). `attributionFor` gives
 * what a sign-up or conversation from the same address within a day should carry.
 */
export const ATTRIBUTION_WINDOW_MS = 24 * 3_600_000;

export async function attributionFor(
  db: DbOrTx,
  config: Config,
  ip: string,
  now = Date.now(),
): Promise<{ page: string; ref: string } | null> {
  return correlationsRepository.latest(db, secretBoxFor(config).digest(ip), now - ATTRIBUTION_WINDOW_MS);
}

const body = z.object({
  page: z.string().trim().min(1, 'is required').max(2000, 'is too long'),
  ref: z.string().trim().max(2000, 'is too long').optional().default(''),
});

export function attributionRoutes(app: FastifyInstance, s: Services) {
  route(app, {
    method: 'POST',
    url: '/api/v1/ipCorrelator',
    summary: 'Record the page and referrer a visitor came from (attribution)',
    tags: ['misc'],
    auth: 'optional',
    body,
    response: ok,
    rateLimit: { max: 60, timeWindow: '1 minute' },
    handler: async (req) => {
      const ipHash = secretBoxFor(s.deps.config).digest(req.ip);
      await correlationsRepository.insert(
        s.deps.db,
        { ipHash, page: req.body.page, ref: req.body.ref, accountId: req.auth?.acting.id ?? null },
        Date.now(),
      );
      return { success: true as const };
    },
  });
}
