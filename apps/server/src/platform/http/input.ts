import { idParam, TARGET_PARAMS } from '@switchboard/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from './errors.ts';

/**
 * Checks every request's input before anything reads it (the auth hook included), for all routes at
 * once, so a route added later is covered without opting in:
 * - text containing a NUL character is refused with a 400 naming the field: PostgreSQL cannot store it
 *   and SQLite would store it silently, so both databases answer alike;
 * - the acting-account selectors (`targetAccountId`, ...) must be ids within the column's range, wherever
 *   they arrive (query or body), whether or not the route's schema names them.
 * Register it before the auth hook (both are preValidation hooks; Fastify runs them in order).
 */
export function registerInputGuard(app: FastifyInstance): void {
  // Callback style, not async: it runs on every request (no promise to make).
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      checkInput(request);
    } catch (err) {
      return done(err as Error);
    }
    done();
  });
}

function checkInput(request: FastifyRequest): void {
  const params = request.params as Record<string, unknown> | undefined;
  refuseNul(params, '');
  refuseNul(request.query, '');
  refuseNul(request.body, '');
  for (const source of [request.query, request.body]) {
    if (!source || typeof source !== 'object' || Array.isArray(source)) continue;
    for (const name of TARGET_PARAMS) {
      const value = (source as Record<string, unknown>)[name];
      if (value == null || value === '') continue;
      const parsed = idParam.safeParse(Array.isArray(value) ? NaN : value);
      if (!parsed.success) throw badRequest(`${name}: ${parsed.error.issues[0]!.message}`, name);
    }
  }
}

/** Walks a parsed value (depth-first, without recursion so deep nesting cannot overflow the stack). */
function refuseNul(value: unknown, root: string): void {
  const stack: Array<[unknown, string]> = [[value, root]];
  while (stack.length) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) throw badRequest(`${path || 'body'}: must not contain a NUL character`, path || 'body');
    } else if (Array.isArray(v)) {
      v.forEach((item, i) => stack.push([item, path ? `${path}.${i}` : String(i)]));
    } else if (v && typeof v === 'object') {
      for (const [k, item] of Object.entries(v)) {
        const p = path ? `${path}.${k}` : k;
        if (k.includes('\u0000')) throw badRequest(`${p}: must not contain a NUL character`, p);
        stack.push([item, p]);
      }
    }
  }
}
