import { targetParams, tokenParams, type AccountType } from '@switchboard/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { declaredFields } from './input.ts';

/** How a route is authenticated (the auth module's hook reads it); default 'required'. */
export type AuthMode = 'none' | 'optional' | 'required' | 'superAdmin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Default 'required'. */
    auth?: AuthMode;
    /** The acting account must be one of these types ('Account type does not match'). */
    actingTypes?: AccountType[];
  }
}

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
  /** The route takes one file as multipart/form-data in this field (read with `readUpload`). */
  upload?: string;
  /** Requests per client and window; keyed by IP unless a keyGenerator says otherwise. */
  rateLimit?: {
    max: number;
    timeWindow: string;
    keyGenerator?: (req: FastifyRequest) => string;
    /** Requests this returns true for are not counted (e.g. only anonymous pay-link calls are limited). */
    allowList?: (req: FastifyRequest, key: string) => boolean;
  };
  handler: (req: FastifyRequest & { query: z.infer<Q>; body: z.infer<B>; params: z.infer<P> }, reply: FastifyReply) => Promise<unknown>;
}

/** The upload routes ("POST /api/v1/chat/media") and their file field: the OpenAPI walk sends them cut-short bodies. */
export const uploadRoutes = new Map<string, string>();

/** Each route's response contract by method and URL pattern (responses are not re-validated at run time). */
const responseContracts = new Map<string, { method: string; pattern: RegExp; params: number; schema: z.ZodType }>();

/**
 * The response contract of the route a request reaches (static segments before parameters, as the
 * router matches them), or undefined when it declares none. The API tests check every response with it.
 */
export function responseContractOf(method: string, path: string): z.ZodType | undefined {
  let best: { params: number; schema: z.ZodType } | undefined;
  for (const c of responseContracts.values()) {
    if (c.method === method && c.pattern.test(path) && (!best || c.params < best.params)) best = c;
  }
  return best?.schema;
}

export function route<Q extends z.ZodType = z.ZodAny, B extends z.ZodType = z.ZodAny, P extends z.ZodType = z.ZodAny>(
  app: FastifyInstance,
  spec: RouteSpec<Q, B, P>,
): void {
  if (spec.upload) uploadRoutes.set(`${spec.method} ${spec.url}`, spec.upload);
  if (spec.response) {
    const source = spec.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z0-9_]+/g, '[^/]+');
    responseContracts.set(`${spec.method} ${spec.url}`, {
      method: spec.method,
      pattern: new RegExp(`^${source}/?$`),
      params: (spec.url.match(/:/g) ?? []).length,
      schema: spec.response,
    });
  }
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
      // A field the route does not declare is refused (platform/http/input.ts); a route without a
      // query schema takes only the common parameters in its query.
      inputFields: { query: declaredFields(spec.query), body: spec.body ? declaredFields(spec.body) : undefined },
    },
    handler: spec.handler as never,
  });
}

/** Accepts the token and target parameters beside a route's own query fields (the auth hook reads them). */
export const withAuthParams = <T extends z.ZodRawShape>(shape: T) => z.looseObject({ ...tokenParams, ...targetParams, ...shape });

/** Rate-limit key: the signed-in user when there is one (the auth hook runs first), else the address. */
export const perUser = (req: FastifyRequest): string => (req.auth ? `user:${req.auth.user.id}` : `ip:${req.ip}`);

export const ok = z.looseObject({ success: z.literal(true), message: z.string().optional() });
