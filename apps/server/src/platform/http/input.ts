import { COMMON_PARAMS, idParam, TARGET_PARAMS } from '@switchboard/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { badRequest } from './errors.ts';

/**
 * Checks every request's input before anything reads it (the auth hook included), for all routes at
 * once, so a route added later is covered without opting in:
 * - text containing a NUL character is refused with a 400 naming the field: PostgreSQL cannot store it
 *   and SQLite would store it silently, so both databases answer alike;
 * - the acting-account selectors (`targetAccountId`, ...) must be ids within the column's range, wherever
 *   they arrive (query or body), whether or not the route's schema names them;
 * - a query or body field the route does not declare (and that is not one of the common parameters) is a
 *   400 "<field>: unknown field", so a misspelt or misplaced field is never dropped in silence. The
 *   declared fields come from the route's own schemas (`route()` records them in the route's config).
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
  const fields = request.routeOptions.config.inputFields;
  if (fields) {
    refuseUnknown(request.query, fields.query);
    refuseUnknown(request.body, fields.body);
  }
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

const COMMON = new Set<string>(COMMON_PARAMS);

/** The fields a route's query and body declare; `undefined` for a side means it takes any field. */
export interface InputFields {
  query?: ReadonlySet<string>;
  body?: ReadonlySet<string>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by `route()`: the input fields the route declares (the input guard refuses any other). */
    inputFields?: InputFields;
  }
}

function refuseUnknown(source: unknown, declared: ReadonlySet<string> | undefined): void {
  if (!declared || !source || typeof source !== 'object' || Array.isArray(source)) return;
  for (const name of Object.keys(source)) {
    if (!declared.has(name) && !COMMON.has(name)) throw badRequest(`${name}: unknown field`, name);
  }
}

/** The parts of a zod definition read here (zod 4's `_zod.def`). */
interface SchemaDef {
  type: string;
  shape: Record<string, unknown>;
  innerType: z.ZodType;
  in: z.ZodType;
  out: z.ZodType;
  options: z.ZodType[];
  left: z.ZodType;
  right: z.ZodType;
}

/**
 * The top-level field names a zod schema declares (objects, through optional, default, pipes,
 * preprocessing, unions and intersections), or undefined when it takes any field (a record, `any`, a
 * schema whose shape cannot be read): such a route is left to its own checks.
 */
export function declaredFields(schema: z.ZodType | undefined): Set<string> | undefined {
  if (!schema) return new Set();
  const def = (schema as unknown as { _zod: { def: SchemaDef } })._zod.def;
  switch (def.type) {
    case 'object':
      return new Set(Object.keys(def.shape));
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return declaredFields(def.innerType);
    case 'pipe': {
      // z.preprocess(fn, schema) is a pipe from a transform (its target schema declares the fields); a
      // schema piped into a transform reads its input.
      const inType = (def.in as unknown as { _zod: { def: { type: string } } })._zod.def.type;
      return declaredFields(inType === 'transform' ? def.out : def.in);
    }
    case 'union': {
      const all = new Set<string>();
      for (const option of def.options) {
        const keys = declaredFields(option);
        if (!keys) return undefined;
        for (const k of keys) all.add(k);
      }
      return all;
    }
    case 'intersection': {
      const left = declaredFields(def.left);
      const right = declaredFields(def.right);
      return left && right ? new Set([...left, ...right]) : undefined;
    }
    case 'null':
    case 'undefined':
    case 'void':
      return new Set();
    default:
      return undefined;
  }
}
