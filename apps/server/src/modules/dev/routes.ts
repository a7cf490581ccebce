import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { notFound } from '../../platform/http/errors.ts';
import { route } from '../../platform/http/route.ts';
import { listOutbox } from '../../platform/outbox/index.ts';
import type { Services } from '../../services.ts';

/**
 * Development aids that exist only while the local providers are active: with real SMTP and a real
 * carrier configured these routes answer 404.
 */
export function devRoutes(app: FastifyInstance, s: Services) {
  const localChannels = () =>
    [s.deps.email.kind === 'local' ? 'email' : null, s.deps.carrier.kind === 'local' ? 'sms' : null].filter(
      (c): c is 'email' | 'sms' => c != null,
    );

  route(app, {
    method: 'GET',
    url: '/api/dev/outbox',
    summary: 'Messages the local e-mail and SMS providers delivered, newest first',
    tags: ['dev'],
    auth: 'none',
    query: z.object({ to: z.string().optional(), limit: z.coerce.number().int().min(1).max(500).default(100) }),
    response: z.object({
      success: z.literal(true),
      messages: z.array(
        z.object({
          channel: z.enum(['email', 'sms']),
          to: z.string(),
          from: z.string().nullable(),
          subject: z.string().nullable(),
          body: z.string(),
          status: z.string(),
          error: z.string().nullable(),
          createdAt: z.number(),
        }),
      ),
    }),
    handler: async (req) => {
      const channels = localChannels();
      if (channels.length === 0) throw notFound('The outbox exists only while the local providers are active.');
      const all = await listOutbox(s.deps.db, channels, req.query.limit);
      const to = req.query.to?.toLowerCase();
      return { success: true as const, messages: to ? all.filter((m) => m.to.toLowerCase() === to) : all };
    },
  });
}
