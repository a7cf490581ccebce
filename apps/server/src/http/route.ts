import type { AccountType } from '@switchboard/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthMode } from './auth.ts';

/**
 * One route: the HTTP contract (method, path, zod schemas) and a thin handler. Authentication and the
 * acting account are resolved by the global auth hook according to `auth` (default 'required').
 */
export interface RouteSpec<Q extends z.ZodType, B extends z.ZodType, P extends z.ZodType> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  url: string;
  summary: string;
  tags: string[];
  auth?: AuthMode;
  actingTypes?: AccountType[];
  query?: Q;
  body?: B;
  params?: P;
  response?: z.ZodType;
  /** Requests per client and window; keyed by IP unless a keyGenerator says otherwise. */
  rateLimit?: { max: number; timeWindow: string; keyGenerator?: (req: FastifyRequest) => string };
  handler: (
    req: FastifyRequest & { query: z.infer<Q>; body: z.infer<B>; params: z.infer<P> },
    reply: FastifyReply,
  ) => Promise<unknown>;
}

export function route<Q extends z.ZodType = z.ZodAny, B extends z.ZodType = z.ZodAny, P extends z.ZodType = z.ZodAny>(
  app: FastifyInstance,
  spec: RouteSpec<Q, B, P>,
): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: spec.method,
    url: spec.url,
    schema: {
      summary: spec.summary,
      tags: spec.tags,
      ...(spec.query ? { querystring: spec.query } : {}),
      ...(spec.body ? { body: spec.body } : {}),
      ...(spec.params ? { params: spec.params } : {}),
      ...(spec.response ? { response: { 200: spec.response } } : {}),
      ...(spec.auth === 'none' ? {} : { security: [{ token: [] }, { bearer: [] }] }),
    },
    config: {
      auth: spec.auth ?? 'required',
      ...(spec.actingTypes ? { actingTypes: spec.actingTypes } : {}),
      ...(spec.rateLimit ? { rateLimit: spec.rateLimit } : {}),
    },
    handler: spec.handler as never,
  });
}

/** Accepts the token and target parameters beside a route's own query fields (the auth hook reads them). */
export const withAuthParams = <T extends z.ZodRawShape>(shape: T) =>
  z.looseObject({
    token: z.string().optional(),
    adminToken: z.string().optional(),
    targetAccountId: z.coerce.number().int().positive().optional(),
    targetOrganizationId: z.coerce.number().int().positive().optional(),
    targetResellerId: z.coerce.number().int().positive().optional(),
    targetPartnerId: z.coerce.number().int().positive().optional(),
    ...shape,
  });

/** Rate-limit key: the signed-in user when there is one (the auth hook runs first), else the address. */
export const perUser = (req: FastifyRequest): string => (req.auth ? `user:${req.auth.user.id}` : `ip:${req.ip}`);

export const ok = z.looseObject({ success: z.literal(true), message: z.string().optional() });
