import { afterAll, beforeAll, describe } from 'vitest';
import { startFake, type FakeServer } from '../../../testing/fakes/server.ts';
import { FAILURE_TIMEOUT_MS, providerFailureTable, thrownAttempt } from '../../../testing/providerFailures.ts';
import { GoogleCalendarClient } from './google.ts';

/** Google Calendar's failures (docs/operations.md, "Provider failures"): the adapter against a fake Google. */
let google: FakeServer;
beforeAll(async () => {
  google = await startFake(() => ({ status: 200, body: { items: [] } }));
});
afterAll(async () => {
  await google?.close();
});

const client = () =>
  new GoogleCalendarClient({
    clientId: 'cid',
    clientSecret: 'cs',
    tokenBase: google.url,
    apiBase: google.url,
    timeoutMs: FAILURE_TIMEOUT_MS,
  });
const tokens = { accessToken: 'at', refreshToken: 'rt', expiresAt: Date.now() + 3_600_000 };

describe('Google Calendar: the calendar list', () => {
  providerFailureTable({
    fake: () => google,
    // Google's error shape: {error: {code, message, status}}.
    vendorError: (status, message) => ({ status, body: { error: { code: status, message, status: 'FAILED_PRECONDITION' } } }),
    attempt: () => thrownAttempt(() => client().calendars(tokens)),
    // A 401 is refreshed once; the token endpoint refusing too means connecting again (the grant is gone).
    overrides: { '401': { says: ['refused the sign-in', 'Fake says the key is wrong'] } },
  });
});
