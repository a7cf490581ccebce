import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/v2/myAccounts', () => {
  it('lists the signed-in user’s own account and the accounts it was invited to, with the owner flag', async () => {
    const a = await t.signUp('a@one.test', { businessName: 'One Dental' });
    const b = await t.signUp('b@two.test', { businessName: 'Two Dental' });
    const c = await t.signUp('c@three.test', { businessName: 'Three Dental' });
    await t.request('POST', '/api/v2/inviteAdminUser', { token: b.token, body: { email: 'a@one.test', isOwner: true } });
    await t.request('POST', '/api/v2/inviteAdminUser', { token: c.token, body: { email: 'a@one.test' } });

    const res = await t.request('GET', '/api/v2/myAccounts', { token: a.token });
    expect(res.status).toBe(200);
    expect(res.body.accounts.map((x: { id: number; isOwner: boolean; displayName: string }) => [x.displayName, x.isOwner])).toEqual([
      ['One Dental', true],
      ['Two Dental', true],
      ['Three Dental', false],
    ]);
    // The answer is about the user, whichever account the request acts on.
    const targeted = await t.request('GET', '/api/v2/myAccounts', { token: a.token, query: { targetAccountId: b.id } });
    expect(targeted.body.accounts).toHaveLength(3);
  });

  it('shows nothing of other trees, and an invited user without an account of its own sees only its grants', async () => {
    const owner = await t.signUp('owner@four.test', { businessName: 'Four Dental' });
    await t.signUp('x@else.test', { businessName: 'Elsewhere' });
    await t.request('POST', '/api/v2/inviteAdminUser', { token: owner.token, body: { email: 'helper@four.test' } });
    const helper = await t.signIn('helper@four.test');
    const res = await t.request('GET', '/api/v2/myAccounts', { token: helper.token });
    expect(res.body.accounts.map((x: { displayName: string }) => x.displayName)).toEqual(['Four Dental']);
    expect((await t.request('GET', '/api/v2/myAccounts')).status).toBe(401);
  });
});
