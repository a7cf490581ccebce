import { expect, it } from 'vitest';
import { AppError } from '../platform/http/errors.ts';
import type { Reply } from './fakes/server.ts';
import { checkResponse, type TestApp } from './harness.ts';

/**
 * The one table every adapter's failure test runs (docs/operations.md, "Provider failures"): its fake
 * answers 400, 401, 404, 429, 500, never, or with a page that is not JSON, and the test asserts what the
 * user gets. Tests set PROVIDER_TIMEOUT_MS (or the adapter's own limit) to FAILURE_TIMEOUT_MS.
 */
export const FAILURE_TIMEOUT_MS = 500;

/** What a user saw: the status, the envelope's message and field, and the Retry-After header. */
export interface Observed {
  status: number;
  message: string;
  field?: string;
  retryAfter?: string | null;
}

export interface Expected {
  status: number;
  /** Words the message must contain (the provider's own message is checked where it has one). */
  says: readonly (string | RegExp)[];
  field?: string;
  /** The Retry-After header's value, or null for none. */
  retryAfter: string | null;
}

/** The vendor's error body for a status and message (Twilio's {code, message}, Stripe's {error: {message}}, ...). */
export type VendorError = (status: number, message: string) => Reply;

export type CaseName = '400' | '401' | '404' | '429' | '500' | 'timeout' | 'non-JSON';

interface FailureCase {
  name: CaseName;
  reply: (e: VendorError) => Reply;
  expected: Expected;
}

export const PROVIDER_FAILURES: FailureCase[] = [
  {
    name: '400',
    reply: (e) => e(400, 'Fake says the request is malformed'),
    expected: { status: 502, says: ['refused', 'Fake says the request is malformed'], retryAfter: null },
  },
  {
    name: '401',
    reply: (e) => e(401, 'Fake says the key is wrong'),
    expected: { status: 502, says: ['refused', 'Fake says the key is wrong'], retryAfter: null },
  },
  {
    name: '404',
    reply: (e) => e(404, 'Fake says there is no such thing'),
    expected: { status: 502, says: ['refused', 'Fake says there is no such thing'], retryAfter: null },
  },
  {
    name: '429',
    reply: (e) => {
      const r = e(429, 'Fake says slow down');
      return { ...r, headers: { ...r.headers, 'retry-after': '7' } };
    },
    expected: { status: 503, says: ['rate limiting'], retryAfter: '7' },
  },
  { name: '500', reply: (e) => e(500, 'Fake is on fire'), expected: { status: 503, says: ['trouble'], retryAfter: '30' } },
  { name: 'timeout', reply: () => ({ status: 200, hang: true }), expected: { status: 503, says: ['did not answer'], retryAfter: '30' } },
  {
    name: 'non-JSON',
    reply: () => ({ status: 200, raw: '<html><body>502 Bad Gateway</body></html>' }),
    expected: { status: 503, says: ['could not read'], retryAfter: '30' },
  },
];

export interface FailureTable {
  /** The adapter's fake (any recording fake with queued failures). */
  fake: () => { failNext(reply: Reply, n?: number): void; clearFailures(): void };
  vendorError: VendorError;
  /** Does the thing through the API route (apiAttempt) or the adapter (thrownAttempt). */
  attempt: () => Promise<Observed>;
  /** Where the adapter maps a case otherwise (a 400 caused by the user's input names the field). */
  overrides?: Partial<Record<CaseName, Partial<Expected>>>;
  /** Runs after each case (check that nothing was stored). */
  after?: (c: CaseName) => Promise<void> | void;
}

/** One `it` per row of the table. */
export function providerFailureTable(t: FailureTable): void {
  it.each(PROVIDER_FAILURES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const fake = t.fake();
    // Every request the attempt makes meets the failure (an adapter may ask twice).
    fake.failNext(c.reply(t.vendorError), 10);
    let seen: Observed;
    try {
      seen = await t.attempt();
    } finally {
      fake.clearFailures();
    }
    const want = { ...c.expected, ...t.overrides?.[c.name] };
    expect(seen.status, seen.message).toBe(want.status);
    for (const s of want.says) expect(seen.message).toMatch(s);
    if (want.field) expect(seen.field).toBe(want.field);
    expect(seen.retryAfter ?? null).toBe(want.retryAfter);
    await t.after?.(c.name);
  });
}

/** An attempt through the API: the status, envelope and Retry-After header the user gets. */
export async function apiAttempt(
  t: TestApp,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  o: { token?: string; query?: Record<string, string | number>; body?: object } = {},
): Promise<Observed> {
  const query: Record<string, string> = Object.fromEntries(Object.entries(o.query ?? {}).map(([k, v]) => [k, String(v)]));
  if (o.token) query.token = o.token;
  const res = await t.app.inject({ method, url, query, ...(o.body ? { payload: o.body } : {}) });
  const body = res.json() as { message: string; field?: string };
  checkResponse(method, url, res.statusCode, body);
  const ra = res.headers['retry-after'];
  return { status: res.statusCode, message: body.message ?? '', field: body.field, retryAfter: ra == null ? null : String(ra) };
}

/** An attempt straight at the adapter: what its thrown error would answer (500 for anything not ours). */
export async function thrownAttempt(run: () => Promise<unknown>): Promise<Observed> {
  try {
    await run();
  } catch (err) {
    if (err instanceof AppError)
      return { status: err.status, message: err.message, field: err.field, retryAfter: err.retryAfter ? String(err.retryAfter) : null };
    return { status: 500, message: String((err as Error)?.message ?? err) };
  }
  return { status: 200, message: 'it succeeded' };
}
