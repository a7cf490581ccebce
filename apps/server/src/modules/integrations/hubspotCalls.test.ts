import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeHubspot } from '../../testing/fakes/server.ts';
import { createTestApp, type Session, type TestApp } from '../../testing/harness.ts';

/** HubSpot "log a call" (CRM v3 calls engagement) against the fake HubSpot: logged, the API down, a 429, expired credentials. */
let t: TestApp;
let owner: Session;
let hubspot: Awaited<ReturnType<typeof fakeHubspot>>;

beforeAll(async () => {
  hubspot = await fakeHubspot({ accessTokens: ['hs-good'] });
  t = await createTestApp({ HUBSPOT_API_URL: hubspot.url, WEBHOOK_ALLOW_HOSTS: '127.0.0.1' });
  owner = await t.signUp('calls@hubspot.test');
  const res = await t.request('POST', '/api/v2/integration/hubspot', { token: owner.token, body: { appData: { accessToken: 'hs-good' } } });
  expect(res.body).toMatchObject({ connected: true, appData: { accessToken: '••••••••' } });
  expect(res.body.functions.map((f: { name: string }) => f.name)).toContain('hubspot_log_call');
  await t.request('POST', '/api/v2/campaign', {
    token: owner.token,
    body: { apps: [{ appId: 'hubspot', version: '1' }], enabledFunctions: { 'hubspot:1': ['hubspot_log_call'] } },
  });
});
afterAll(async () => {
  await t.close();
  await hubspot.close();
});

const respond = (message: string) =>
  t.services.agentRuntime.respond({ accountId: owner.id, copy: 'staging', history: [], message, channel: 'chat' });

describe('HubSpot: log a call', () => {
  it('logs the call on the caller’s contact (made first when there is none), associated with type 194', async () => {
    const r = await respond('please log this call, my email is cal@example.com, I asked about opening hours');
    expect(r.functionCalls[0]).toMatchObject({ name: 'hubspot_log_call', ok: true, result: { ok: true } });
    expect(hubspot.contacts.size).toBe(1);
    const [contactId, props] = [...hubspot.contacts.entries()][0]!;
    expect(props.email).toBe('cal@example.com');
    expect(hubspot.calls).toHaveLength(1);
    expect(hubspot.calls[0]).toMatchObject({
      contactId,
      properties: { hs_call_direction: 'INBOUND', hs_call_status: 'COMPLETED', hs_timestamp: expect.any(String) },
    });
    expect(hubspot.calls[0]!.properties.hs_call_body).toContain('opening hours');
    const sent = hubspot.seen.find((s) => s.path === '/crm/v3/objects/calls')!;
    expect(sent.headers.authorization).toBe('Bearer hs-good');

    // A second call from the same person goes on the same contact.
    await respond('log the call please, my email is cal@example.com');
    expect(hubspot.contacts.size).toBe(1);
    expect(hubspot.calls.map((c) => c.contactId)).toEqual([contactId, contactId]);
  });

  it('reports HubSpot down and a rate limit with its Retry-After, and logs nothing', async () => {
    hubspot.failNext({ status: 503, body: { status: 'error', message: 'Service Unavailable' } });
    const down = await respond('log this call, my email is cal@example.com');
    expect(down.functionCalls[0]).toMatchObject({ ok: false, result: { status: 503 } });
    hubspot.failNext({
      status: 429,
      body: { status: 'error', message: 'You have reached your secondly limit.' },
      headers: { 'retry-after': '10' },
    });
    const limited = await respond('log this call, my email is cal@example.com');
    expect(limited.functionCalls[0]).toMatchObject({ ok: false, result: { status: 429, retryAfterSec: 10 } });
    expect(hubspot.calls).toHaveLength(2);
  });

  it('says the credentials were refused when the token expired and there is no refresh token', async () => {
    await t.request('POST', '/api/v2/integration/hubspot', { token: owner.token, body: { appData: { accessToken: 'hs-expired' } } });
    const r = await respond('log this call, my email is cal@example.com');
    expect(r.functionCalls[0]).toMatchObject({ ok: false, result: { status: 401 } });
    expect(hubspot.calls).toHaveLength(2);
  });

  it('another tree cannot log calls through this connection or see it', async () => {
    const other = await t.signUp('other@hubspot.test');
    const seen = await t.request('GET', '/api/v2/integration/hubspot', { token: other.token, query: { targetAccountId: owner.id } });
    expect(seen.status).toBe(403);
    const own = await t.services.agentRuntime.respond({
      accountId: other.id,
      copy: 'staging',
      history: [],
      message: 'log this call',
      channel: 'chat',
    });
    expect(own.functionCalls.filter((c: { name: string }) => c.name === 'hubspot_log_call')).toEqual([]);
    expect(hubspot.calls).toHaveLength(2);
  });
});
