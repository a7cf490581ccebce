import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../../testing/harness.ts';

/** The spec's own parameter names and messages (spec §7, §8), accepted beside the contract's. */
let t: TestApp;
let org: Session;

beforeAll(async () => {
  t = await createTestApp({ JOBS_AUTOSTART: 'false' });
  org = await t.signUp('owner@specnames.test', { businessName: 'Spec Names Co' });
});
afterAll(async () => {
  await t.close();
});

describe('the spec’s names', () => {
  it('DELETE /api/v2/tokens takes the token itself as `token` in the body (the query token stays the caller’s)', async () => {
    const made = await t.request('POST', '/api/v2/tokens', { token: org.token, body: { description: 'CI' } });
    expect(made.status).toBe(200);
    const value = made.body.token as string;
    expect((await t.request('GET', '/api/v2/contact', { token: value })).status).toBe(200);
    const wrong = await t.request('DELETE', '/api/v2/tokens', { token: org.token, body: { token: 'sb_not-a-token' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.field).toBe('token');
    const revoked = await t.request('DELETE', '/api/v2/tokens', { token: org.token, body: { token: value } });
    expect(revoked.status).toBe(200);
    expect((await t.request('GET', '/api/v2/contact', { token: value })).status).toBe(401);
    // The caller's own session is not an API token: it cannot be revoked this way.
    expect((await t.request('DELETE', '/api/v2/tokens', { token: org.token, body: { token: org.token } })).status).toBe(400);
    expect((await t.request('GET', '/api/v2/tokens', { token: org.token })).status).toBe(200);
  });

  it('POST /api/v2/sip/outboundRoutes takes the route wrapped as `route`', async () => {
    const res = await t.request('POST', '/api/v2/sip/outboundRoutes', {
      token: org.token,
      body: { route: { prefix: '+1415', gateway: 'sip.example.com', transport: 'tcp' } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.route).toMatchObject({ prefix: '1415', gateway: 'sip.example.com', transport: 'tcp' });
    const bad = await t.request('POST', '/api/v2/sip/outboundRoutes', {
      token: org.token,
      body: { route: { prefix: 'abc', gateway: 'sip.example.com' } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('prefix');
  });

  it('PUT /api/v1/google/calendars/main takes `calendar` (or `calendarId`); neither is a 400 naming calendar', async () => {
    const none = await t.request('PUT', '/api/v1/google/calendars/main', { token: org.token, body: {} });
    expect(none.status).toBe(400);
    expect(none.body.field).toBe('calendar');
    const byName = await t.request('PUT', '/api/v1/google/calendars/main', { token: org.token, body: { calendar: 'primary' } });
    const byId = await t.request('PUT', '/api/v1/google/calendars/main', { token: org.token, body: { calendarId: 'primary' } });
    expect(byName.status).toBe(byId.status);
    expect(byName.body).toEqual(byId.body);
  });

  it('GET /api/v2/integration/<unknown slug> is a 404; a catalog one answers', async () => {
    const unknown = await t.request('GET', '/api/v2/integration/no-such-thing', { token: org.token });
    expect(unknown.status).toBe(404);
    expect((await t.request('GET', '/api/v2/integration/slack', { token: org.token })).status).toBe(200);
  });

  it('Calendly’s userPAT: empty is required, short is too short', async () => {
    const empty = await t.request('POST', '/api/v2/calendly', { token: org.token, body: { userPAT: '' } });
    expect(empty.body).toMatchObject({ field: 'userPAT', message: 'userPAT: is required' });
    const short = await t.request('POST', '/api/v2/calendly', { token: org.token, body: { userPAT: 'abc' } });
    expect(short.body).toMatchObject({ field: 'userPAT', message: 'userPAT: is too short' });
  });

  it('loading contacts without a token answers "No token or orgAccountId" (spec §8)', async () => {
    for (const url of ['/api/v2/contact', '/api/v2/contact/1']) {
      const res = await t.request('GET', url);
      expect(res.status).toBe(401);
      expect(res.body.message).toBe('No token or orgAccountId');
    }
  });

  it('a pay-link invoice {slug} without an amount asks for one with a 400 naming amount', async () => {
    const username = (await t.request('GET', '/api/v1/account', { token: org.token })).body.username as string;
    const res = await t.request('POST', '/api/v1/requestInvoice', { body: { slug: username } });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('amount');
    expect(res.body.message).toMatch(/^amount: is required/);
  });
});
