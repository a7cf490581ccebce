import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../../testing/harness.ts';

let t: TestApp;
let admin: Session;
let user: Session;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.superAdmin();
  user = await t.signUp('customer@shop.test', { businessName: 'Corner Shop' });
});
afterAll(async () => {
  await t.close();
});

describe('super admin', () => {
  it('is recognised from SUPER_ADMIN_EMAILS', async () => {
    const me = await t.request('GET', '/api/v1/account', { token: admin.token });
    expect(me.body.superAdmin).toBe(true);
    expect(me.body.user.superAdmin).toBe(true);
  });

  it('searches accounts by name, and by e-mail with enhanced search', async () => {
    const plain = await t.request('POST', '/api/v2/searchAccount', { token: admin.token, body: { phrase: 'corner' } });
    expect(plain.body.accounts.map((a: { id: number }) => a.id)).toEqual([user.id]);
    expect(
      (await t.request('POST', '/api/v2/searchAccount', { token: admin.token, body: { phrase: 'customer@shop' } })).body.accounts,
    ).toEqual([]);
    const enhanced = await t.request('POST', '/api/v2/searchAccount/enhanced', { token: admin.token, body: { phrase: 'customer@shop' } });
    expect(enhanced.body.accounts.map((a: { id: number }) => a.id)).toEqual([user.id]);
  });

  it('disables an account (its tokens stop working) and enables it again', async () => {
    const off = await t.request('POST', '/api/v1/disableAccount', {
      token: admin.token,
      body: { username: 'corner-shop', reason: 'Chargebacks', details: 'Three in a week' },
    });
    expect(off.status).toBe(200);
    expect(off.body.message).toBe('Organization disabled!');
    const blocked = await t.request('GET', '/api/v1/account', { token: user.token });
    expect(blocked.status).toBe(401);
    expect(blocked.body.message).toBe('This account is disabled.');
    expect((await t.request('POST', '/api/v1/signin/email', { body: { email: 'customer@shop.test' } })).status).toBe(200);
    const code = await t.lastCode('customer@shop.test');
    expect(
      (await t.request('POST', '/api/v1/email/verify', { body: { email: 'customer@shop.test', verificationCode: code } })).status,
    ).toBe(401);

    const on = await t.request('POST', '/api/v1/enableAccount', { token: admin.token, body: { username: 'corner-shop' } });
    expect(on.body).toMatchObject({ success: true, message: 'Account enabled!' });
    expect((await t.request('GET', '/api/v1/account', { token: user.token })).status).toBe(200);
  });

  it('is refused to everyone else, and nothing changes', async () => {
    const r = await t.request('POST', '/api/v1/disableAccount', { token: user.token, body: { username: 'switchboard-hq', reason: 'x' } });
    expect(r.status).toBe(403);
    expect((await t.request('POST', '/api/v2/searchAccount', { token: user.token, body: { phrase: 'a' } })).status).toBe(403);
    expect((await t.request('GET', '/api/v1/account', { token: admin.token })).status).toBe(200);
  });

  it('needs a reason to disable', async () => {
    const r = await t.request('POST', '/api/v1/disableAccount', { token: admin.token, body: { username: 'corner-shop', reason: ' ' } });
    expect(r.status).toBe(400);
    expect(r.body.field).toBe('reason');
  });

  it('acts on any account and sees everything', async () => {
    const r = await t.request('GET', '/api/v1/account', { token: admin.token, query: { targetAccountId: user.id } });
    expect(r.status).toBe(200);
    expect(Object.values(r.body.permissions).every(Boolean)).toBe(true);
  });
});
