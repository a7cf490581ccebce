import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deps } from '../../../deps.ts';
import { loadConfig } from '../../../config.ts';
import { startFake, type FakeServer } from '../../../testing/fakes/server.ts';
import { FAILURE_TIMEOUT_MS, providerFailureTable, type Observed } from '../../../testing/providerFailures.ts';
import { ADAPTERS, IntegrationCallError, type AdapterContext } from './index.ts';

/**
 * The integrations' failures (docs/operations.md, "Provider failures"): each adapter's function run
 * against a fake answering in the vendor's error shape. A function call fails softly (the agent says
 * so, the health records it); the API answer its error maps to is what is asserted.
 */
let fake: FakeServer;
beforeAll(async () => {
  fake = await startFake(() => ({ status: 200, body: { ok: true } }));
});
afterAll(async () => {
  await fake?.close();
});

function ctx(credentials: Record<string, string>, settings: Record<string, unknown> = {}): AdapterContext {
  const config = loadConfig({
    DATA_DIR: '/tmp',
    PROVIDER_TIMEOUT_MS: String(FAILURE_TIMEOUT_MS),
    WEBHOOK_ALLOW_HOSTS: '127.0.0.1',
    SLACK_API_URL: fake.url,
    HUBSPOT_API_URL: fake.url,
  });
  return { deps: { config } as Deps, credentials, settings: { apiUrl: fake.url, ...settings }, saveCredentials: async () => undefined };
}

/** What the API answers for the adapter's failure. */
async function run(slug: string, c: AdapterContext, fn: string, args: Record<string, unknown>): Promise<Observed> {
  try {
    await ADAPTERS[slug]!.run(c, fn, { args, message: 'Please help', from: '+14155550123' });
    return { status: 200, message: 'it succeeded' };
  } catch (err) {
    if (!(err instanceof IntegrationCallError)) throw err;
    const e = err.toProviderError();
    return { status: e.status, message: e.message, retryAfter: e.retryAfter ? String(e.retryAfter) : null };
  }
}

// The integrations say "refused the credentials" for 401 and "refused the request" for other refusals.
const cases = {
  fake: () => fake,
  overrides: {
    '401': { says: ['refused the credentials'] },
    '500': { says: ['unavailable'] },
    timeout: { says: ['could not be reached', 'did not answer'] },
  },
} as const;

describe('Slack: notifying the team', () => {
  providerFailureTable({
    ...cases,
    // Slack's Web API error shape: {ok: false, error}.
    vendorError: (status, message) => ({ status, body: { ok: false, error: message } }),
    attempt: () => run('slack', ctx({ botToken: 'xoxb-1' }, { channel: '#support' }), 'slack_notify_team', { reason: 'help' }),
  });
  it("a 200 with ok false is a refusal naming Slack's error", async () => {
    fake.failNext({ status: 200, body: { ok: false, error: 'channel_not_found' } });
    const seen = await run('slack', ctx({ botToken: 'xoxb-1' }, { channel: '#nope' }), 'slack_notify_team', {});
    expect(seen).toMatchObject({ status: 502, retryAfter: null });
    expect(seen.message).toContain('channel_not_found');
  });
});

describe('HubSpot: upserting a contact', () => {
  providerFailureTable({
    ...cases,
    // HubSpot's error shape: {status: 'error', message, category}.
    vendorError: (status, message) => ({ status, body: { status: 'error', message, category: 'VALIDATION_ERROR' } }),
    attempt: () => run('hubspot', ctx({ accessToken: 'tok' }), 'hubspot_upsert_contact', { email: 'a@example.com', name: 'A' }),
  });
});

describe('Freshdesk: opening a ticket', () => {
  providerFailureTable({
    ...cases,
    // Freshdesk's error shape: {description, errors: [{field, message, code}]} or {code, message}.
    vendorError: (status, message) => ({ status, body: { code: 'invalid', message } }),
    attempt: () => run('freshdesk', ctx({ apiKey: 'key' }), 'freshdesk_open_ticket', { email: 'a@example.com', subject: 'Help' }),
  });
});

describe('The job service: team availability', () => {
  providerFailureTable({
    ...cases,
    vendorError: (status, message) => ({ status, body: { message } }),
    attempt: () => run('jobs', ctx({ token: 'tok' }), 'jobs_team_availability', { targetDate: '2026-12-01' }),
  });
});
