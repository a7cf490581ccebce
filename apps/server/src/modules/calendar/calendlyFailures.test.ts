import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFake, type FakeServer } from '../../testing/fakes/server.ts';
import { createTestApp, type Session, type TestApp } from '../../testing/harness.ts';
import { apiAttempt, FAILURE_TIMEOUT_MS, providerFailureTable } from '../../testing/providerFailures.ts';

/** Calendly's failures as the user connecting it meets them (docs/operations.md, "Provider failures"). */
let t: TestApp;
let org: Session;
let calendly: FakeServer;

beforeAll(async () => {
  calendly = await startFake(() => ({
    status: 200,
    body: { resource: { uri: 'https://api.calendly.com/users/U1', name: 'Cal', scheduling_url: 'https://calendly.com/cal' } },
  }));
  t = await createTestApp({ CALENDLY_API_URL: calendly.url, PROVIDER_TIMEOUT_MS: String(FAILURE_TIMEOUT_MS) });
  org = await t.signUp('owner@calendly-fail.test', { businessName: 'Calendly Failures' });
});
afterAll(async () => {
  await t?.close();
  await calendly?.close();
});

const connect = () => apiAttempt(t, 'POST', '/api/v2/calendly', { token: org.token, body: { userPAT: 'pat-good-123' } });
const connected = () => t.database.db.selectFrom('calendar_connections').select('provider').where('account_id', '=', org.id).execute();

describe('Calendly failures (POST /api/v2/calendly)', () => {
  providerFailureTable({
    fake: () => calendly,
    // Calendly's error shape: {title, message, details?}.
    vendorError: (status, message) => ({ status, body: { title: 'Error', message } }),
    attempt: connect,
    // A refused token is the user's input: 400 naming userPAT.
    overrides: { '401': { status: 400, field: 'userPAT', says: ['userPAT'] } },
    after: async () => expect(await connected()).toEqual([]),
  });

  it('Calendly unreachable is a 503 with Retry-After, not a 500', async () => {
    const gone = await startFake(() => ({ status: 200 }));
    const url = gone.url;
    await gone.close();
    const t2 = await createTestApp({ CALENDLY_API_URL: url, PROVIDER_TIMEOUT_MS: String(FAILURE_TIMEOUT_MS) });
    try {
      const o = await t2.signUp('owner@calendly-gone.test', { businessName: 'Gone' });
      const seen = await apiAttempt(t2, 'POST', '/api/v2/calendly', { token: o.token, body: { userPAT: 'pat-good-123' } });
      expect(seen).toMatchObject({ status: 503, retryAfter: '30' });
      expect(seen.message).toContain('Calendly could not be reached');
    } finally {
      await t2.close();
    }
  });

  it('connects when Calendly answers', async () => {
    expect((await connect()).status).toBe(200);
  });
});
