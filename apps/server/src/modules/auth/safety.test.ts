import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/harness.ts';

/** Sign-in that reveals nothing, the Bearer scheme, adminToken, and client addresses behind proxies. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('sign-in', () => {
  it('answers the same whether or not an account uses the address; the mailbox learns which', async () => {
    await t.signUp('known@x.test');
    const known = await t.request('POST', '/api/v1/signin/email', {
      body: { email: 'known@x.test' },
      headers: { 'x-forwarded-for': '10.0.0.1' },
    });
    const unknown = await t.request('POST', '/api/v1/signin/email', {
      body: { email: 'stranger@x.test' },
      headers: { 'x-forwarded-for': '10.0.0.2' },
    });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual({ ...known.body, message: known.body.message.replace('known@x.test', 'stranger@x.test') });
    const mail = await t.database.db
      .selectFrom('outbox')
      .select(['subject', 'body'])
      .where('to_address', '=', 'stranger@x.test')
      .executeTakeFirstOrThrow();
    expect(mail.body).toMatch(/no account uses it/);
    expect(mail.body).not.toMatch(/\b\d{6}\b/);
    // An unknown id beside a known address says nothing either.
    const wrongId = await t.request('POST', '/api/v1/signin/email', { body: { email: 'known@x.test', accountId: 999999 } });
    expect(wrongId.status).toBe(200);
  });
});

describe('tokens', () => {
  it('reads the Bearer scheme in any case', async () => {
    const s = await t.signUp('bearer@x.test');
    for (const scheme of ['Bearer', 'bearer', 'BEARER']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/account', headers: { authorization: `${scheme} ${s.token}` } });
      expect(res.statusCode, scheme).toBe(200);
    }
    const bad = await t.app.inject({ method: 'GET', url: '/api/v1/account', headers: { authorization: `Basic ${s.token}` } });
    expect(bad.statusCode).toBe(401);
  });

  it('accepts adminToken only when it is a super admin’s, alone or beside another token', async () => {
    const user = await t.signUp('plain@x.test');
    const other = await t.signUp('other@x.test');
    const admin = await t.superAdmin();
    // Alone: a normal user's token as adminToken is refused, not treated as a session.
    expect((await t.request('GET', '/api/v1/account', { query: { adminToken: user.token } })).status).toBe(403);
    expect((await t.request('GET', '/api/v1/account', { token: other.token, query: { adminToken: user.token } })).status).toBe(403);
    const asAdmin = await t.request('GET', '/api/v1/account', {
      token: other.token,
      query: { adminToken: admin.token, targetAccountId: user.id },
    });
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body.id).toBe(user.id);
    expect((await t.request('GET', '/api/v1/account', { query: { adminToken: admin.token } })).status).toBe(200);
  });
});

describe('client addresses', () => {
  it('ignores X-Forwarded-For by default: a rotating header does not escape the sign-in limit', async () => {
    const limited = await createTestApp({ SIGNIN_RATE_LIMIT: '3' });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await limited.app.inject({
        method: 'POST',
        url: '/api/v1/email/verify',
        remoteAddress: '203.0.113.9',
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
        payload: { email: 'nobody@x.test', verificationCode: '123456' },
      });
      statuses.push(res.statusCode);
    }
    await limited.close();
    expect(statuses).toEqual([400, 400, 400, 429, 429, 429]);
  });

  it('with TRUST_PROXY, the address the proxy forwards is the client', async () => {
    const behind = await createTestApp({ SIGNIN_RATE_LIMIT: '3', TRUST_PROXY: '127.0.0.1' });
    try {
      const send = (xff: string, remoteAddress = '127.0.0.1') =>
        behind.app.inject({
          method: 'POST',
          url: '/api/v1/email/verify',
          remoteAddress,
          headers: { 'x-forwarded-for': xff },
          payload: { email: 'nobody@x.test', verificationCode: '123456' },
        });
      // Two clients behind the proxy have a limit each.
      for (let i = 0; i < 3; i++) expect((await send('198.51.100.1')).statusCode).toBe(400);
      expect((await send('198.51.100.1')).statusCode).toBe(429);
      expect((await send('198.51.100.2')).statusCode).toBe(400);
      // A peer that is not the configured proxy cannot choose its address.
      for (let i = 0; i < 3; i++) await send(`198.51.100.${10 + i}`, '203.0.113.7');
      expect((await send('198.51.100.99', '203.0.113.7')).statusCode).toBe(429);
    } finally {
      await behind.close();
    }
  });
});
