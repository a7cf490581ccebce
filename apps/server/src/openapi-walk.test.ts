import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueToken } from './modules/auth/index.ts';
import { uploadRoutes } from './platform/http/route.ts';
import { createTestApp, type TestApp } from './testing/harness.ts';

/**
 * Walks the OpenAPI document and sends every operation malformed input, on whichever database the run
 * uses (SQLite, or PostgreSQL with TEST_DATABASE_URL). Every route a later change adds is covered
 * without anyone listing it. Each answer must be a 4xx in the error envelope (a 400 names the field),
 * never a 5xx, and never echo the session token. Besides: a field no route declares is a 400 naming it
 * (query and body), every integer takes null, 2^31, 2^53 and 2^63 without a 5xx, and every write
 * takes a multipart body cut short (on an upload route, a 400 naming its file field).
 */

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  format?: string;
};
interface Operation {
  method: string;
  path: string;
  params: { in: string; name: string; schema: Schema }[];
  body?: Schema;
  bodyType?: string;
}

const AUTH_NUMBERS = ['targetAccountId', 'targetOrganizationId', 'targetResellerId', 'targetPartnerId'];
const BAD_NUMBERS = [
  '-1',
  '1.5',
  String(2 ** 31),
  String(2 ** 53),
  '9223372036854775808',
  '1e308',
  'NaN',
  '99999999999999999999',
  'abc',
  'null',
];
/** A field no route declares: every operation answers it with a 400 naming it. */
const UNKNOWN = 'walkUnknownField';
const CUT_BOUNDARY = 'walkcut';
/** A multipart body whose file part never ends (no closing boundary). */
const CUT_SHORT = `--${CUT_BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n`;
const NUL = 'a\u0000b';
const LONG = 'a'.repeat(1_000_000);

function typeOf(s: Schema | undefined): string {
  if (!s) return 'string';
  if (s.anyOf) return typeOf(s.anyOf.find((x) => x.type !== 'null'));
  if (Array.isArray(s.type)) return s.type.find((t) => t !== 'null') ?? 'string';
  return s.type ?? 'string';
}

/** A plausible value for a schema: the baseline every case alters one field of. */
function sample(s: Schema | undefined): unknown {
  if (s?.enum?.length) return s.enum[0];
  switch (typeOf(s)) {
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return Object.fromEntries(Object.entries(s?.properties ?? {}).map(([k, v]) => [k, sample(v)]));
    default:
      return s?.format === 'email' ? 'walk@example.com' : 'x';
  }
}

function operations(doc: any): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries<any>(doc.paths)) {
    for (const [method, op] of Object.entries<any>(item)) {
      const content = op.requestBody?.content ?? {};
      const bodyType = Object.keys(content)[0];
      ops.push({
        method: method.toUpperCase(),
        path,
        params: op.parameters ?? [],
        body: bodyType ? content[bodyType].schema : undefined,
        bodyType,
      });
    }
  }
  return ops;
}

interface Case {
  name: string;
  url: string;
  query: Record<string, string>;
  payload?: string;
  contentType?: string;
  /** A field holding NUL: a 2xx then means the text was stored. */
  nul?: boolean;
  /** The answer must be a 400 naming this field (or a field inside it). */
  names?: string;
}

function cases(op: Operation): Case[] {
  const pathParams = op.params.filter((p) => p.in === 'path');
  const queryParams = op.params.filter((p) => p.in === 'query' && !['token', 'adminToken'].includes(p.name));
  const baseQuery = Object.fromEntries(
    queryParams.filter((p) => !AUTH_NUMBERS.includes(p.name)).map((p) => [p.name, String(sample(p.schema))]),
  );
  const basePath = Object.fromEntries(pathParams.map((p) => [p.name, String(sample(p.schema))]));
  const baseBody = op.body ? (sample(op.body) as Record<string, unknown>) : undefined;
  const url = (values: Record<string, string>) => op.path.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? 'x');
  const json = op.bodyType === 'application/json';
  const make = (name: string, o: Partial<Case> & { body?: unknown; path?: Record<string, string> } = {}): Case => ({
    name,
    url: o.url ?? url(o.path ?? basePath),
    query: o.query ?? baseQuery,
    ...(o.payload !== undefined ? { payload: o.payload, contentType: o.contentType ?? 'application/json' } : {}),
    ...(o.payload === undefined && o.body !== undefined ? { payload: JSON.stringify(o.body), contentType: 'application/json' } : {}),
    ...(o.payload === undefined && o.body === undefined && json && baseBody
      ? { payload: JSON.stringify(baseBody), contentType: 'application/json' }
      : {}),
    ...(o.nul ? { nul: true } : {}),
    ...(o.names ? { names: o.names } : {}),
  });

  const out: Case[] = [];
  out.push(make('unknown query field', { query: { ...baseQuery, [UNKNOWN]: '1' }, names: UNKNOWN }));
  if (json && baseBody && typeof baseBody === 'object') {
    out.push(make('unknown body field', { body: { ...baseBody, [UNKNOWN]: 1 }, names: UNKNOWN }));
  }
  if (op.method !== 'GET') {
    const field = uploadRoutes.get(`${op.method} ${op.path.replace(/\{(\w+)\}/g, ':$1')}`);
    out.push(
      make('multipart cut short', {
        payload: CUT_SHORT,
        contentType: `multipart/form-data; boundary=${CUT_BOUNDARY}`,
        ...(field ? { names: field } : {}),
      }),
    );
  }
  if (op.method !== 'GET' && op.method !== 'DELETE') {
    out.push({ name: 'no body', url: url(basePath), query: baseQuery });
    out.push(make('invalid JSON', { payload: '{"a":' }));
    out.push(make('deep nesting', { payload: `{"a":${'['.repeat(5000)}${']'.repeat(5000)}}` }));
    out.push(make('body over the limit', { payload: JSON.stringify({ a: 'x'.repeat(1_100_000) }) }));
    out.push(make('wrong content type', { payload: '<a/>', contentType: 'application/xml' }));
  }
  out.push(make('bad percent-encoding in the query', { url: `${url(basePath)}?q=%ff%fe&name=%` }));
  for (const p of pathParams) {
    out.push(make(`path ${p.name}: bad percent-encoding`, { url: url({ ...basePath, [p.name]: '%ff' }) }));
    out.push(make(`path ${p.name}: NUL`, { url: url({ ...basePath, [p.name]: 'a%00b' }), nul: true, names: p.name }));
    for (const v of BAD_NUMBERS) out.push(make(`path ${p.name}=${v}`, { path: { ...basePath, [p.name]: v } }));
  }
  const queryNames = [
    ...new Set([
      ...queryParams.map((p) => p.name),
      ...(op.path.startsWith('/api/') || op.path.startsWith('/internal/') ? AUTH_NUMBERS : []),
    ]),
  ];
  for (const name of queryNames) {
    const p = queryParams.find((q) => q.name === name);
    const kind = p ? typeOf(p.schema) : 'integer';
    if (kind === 'integer' || kind === 'number' || AUTH_NUMBERS.includes(name)) {
      for (const v of BAD_NUMBERS) {
        out.push(
          make(`query ${name}=${v}`, { query: { ...baseQuery, [name]: v }, ...(AUTH_NUMBERS.includes(name) ? { names: name } : {}) }),
        );
      }
    } else {
      out.push(make(`query ${name}: NUL`, { query: { ...baseQuery, [name]: NUL }, nul: true, names: name }));
      out.push(make(`query ${name}: 1 MB`, { query: { ...baseQuery, [name]: LONG } }));
    }
  }
  if (json && baseBody && typeof baseBody === 'object') {
    const props = Object.entries(op.body?.properties ?? {});
    for (const name of AUTH_NUMBERS) if (!props.some(([k]) => k === name)) props.push([name, { type: 'integer' }]);
    for (const [name, schema] of props) {
      const kind = typeOf(schema);
      const body = (v: unknown) => ({ ...baseBody, [name]: v });
      if (kind === 'integer' || kind === 'number') {
        for (const v of BAD_NUMBERS) {
          // Numbers in JSON: raw literals where JSON has them, strings otherwise.
          const raw = /^-?[\d.e]+$/.test(v) || v === 'null' ? v : JSON.stringify(v);
          out.push(
            make(`body ${name}=${v}`, {
              payload: JSON.stringify(body('@@')).replace('"@@"', raw),
              // A JSON null selector means "none" (the caller's own account), like leaving it out.
              ...(AUTH_NUMBERS.includes(name) && v !== 'null' ? { names: name } : {}),
            }),
          );
        }
      } else if (kind === 'string') {
        out.push(make(`body ${name}: NUL`, { body: body(NUL), nul: true, names: name }));
        out.push(make(`body ${name}: 1 MB`, { body: body(LONG) }));
        out.push(make(`body ${name}: wrong type`, { body: body({ a: 1 }) }));
      } else if (kind === 'boolean') {
        out.push(make(`body ${name}: wrong type`, { body: body('maybe') }));
      } else if (kind === 'array') {
        out.push(make(`body ${name}: wrong type`, { body: body('x') }));
        out.push(make(`body ${name}: NUL item`, { body: body([NUL]), nul: true, names: name }));
      } else if (kind === 'object') {
        out.push(make(`body ${name}: wrong type`, { body: body(7) }));
        out.push(make(`body ${name}: NUL inside`, { body: body({ k: NUL }), nul: true, names: name }));
      }
    }
  }
  return out;
}

let t: TestApp;
let token: string;
const failures: string[] = [];

/**
 * Who walks: a super admin (acting on its organization) and a partner, so routes limited to partners
 * and resellers reach their validation too (their acting-type check runs before it).
 */
const walkers: { who: string; id: number }[] = [];
/** A new session for a walker, made directly (signing in by code is limited per hour). */
async function freshToken(userId: number): Promise<string> {
  return (await issueToken(t.database.db, { kind: 'session', userId, expiresAt: Date.now() + 3_600_000 })).value;
}

describe('every operation of the OpenAPI document answers malformed input with a 4xx', () => {
  beforeAll(async () => {
    t = await createTestApp({ JOBS_AUTOSTART: 'false' });
    walkers.push({ who: 'super admin', id: (await t.superAdmin()).id }, { who: 'partner', id: (await t.partner()).id });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('walks every operation with every case', async () => {
    // Deleting the caller's own account (junk beside it is ignored) would leave every later operation a
    // 401, so those operations go last.
    const last = (op: Operation) => (/\/delete(Account|Organization)$/.test(op.path) ? 1 : 0);
    const ops = operations(t.app.swagger()).sort((a, b) => last(a) - last(b));
    expect(ops.length).toBeGreaterThan(100);
    expect(uploadRoutes.size).toBeGreaterThanOrEqual(2);
    let caseCount = 0;
    let unauthorized = 0;
    for (const walker of walkers)
      for (const op of ops) {
        // A case may sign the session out or delete things; each operation starts from a live session.
        token = await freshToken(walker.id);
        for (const c of cases(op)) {
          caseCount++;
          const query = new URLSearchParams({ ...c.query, token }).toString();
          const url = c.url.includes('?') ? `${c.url}&${query}` : `${c.url}?${query}`;
          const res = await t.app.inject({
            method: op.method as 'GET',
            url,
            ...(c.payload !== undefined ? { payload: c.payload, headers: { 'content-type': c.contentType! } } : {}),
          });
          const where = `${walker.who}: ${op.method} ${op.path} [${c.name}] → ${res.statusCode} ${res.body.slice(0, 200)}`;
          if (res.statusCode === 401) {
            unauthorized++;
            if (process.env.WALK_401) (await import('node:fs')).appendFileSync(process.env.WALK_401, `${where}\n`);
          }
          if (res.statusCode >= 500) {
            failures.push(where);
            continue;
          }
          if (res.body.includes(token) || JSON.stringify(res.headers).includes(token)) failures.push(`${where}: echoes the token`);
          if (c.nul && res.statusCode < 300) failures.push(`${where}: accepted NUL`);
          if (c.names) {
            const field = res.statusCode === 400 ? String(res.json().field ?? '') : '';
            if (field !== c.names && !field.startsWith(`${c.names}.`)) failures.push(`${where}: must be a 400 naming ${c.names}`);
          }
          if (res.statusCode >= 400 && op.path.startsWith('/api/') && !(res.headers['content-type'] ?? '').toString().includes('json')) {
            failures.push(`${where}: an API error that is not JSON`);
          }
          if (res.statusCode >= 400 && (res.headers['content-type'] ?? '').toString().includes('json')) {
            const body = res.json();
            if (body.success !== false || typeof body.message !== 'string') failures.push(`${where}: not the error envelope`);
            if (res.statusCode === 400 && !body.field) failures.push(`${where}: a 400 that names no field`);
          }
        }
      }
    console.log(
      `OpenAPI walk on ${t.database.kind}: ${ops.length} operations × ${walkers.length} callers, ${caseCount} cases (${unauthorized} answered 401), ${failures.length} failures`,
    );
    if (process.env.WALK_OUT) (await import('node:fs')).writeFileSync(process.env.WALK_OUT, failures.join('\n'));
    expect(failures).toEqual([]);
  }, 600_000);
});
