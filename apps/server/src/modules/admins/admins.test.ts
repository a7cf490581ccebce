import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../../testing/harness.ts';

let t: TestApp;
let owner: Session;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp('owner@team.test', { businessName: 'Team Co' });
});
afterAll(async () => {
  await t.close();
});

async function inviteLink(email: string): Promise<string> {
  const out = await t.request('GET', '/api/dev/outbox', { query: { to: email } });
  const m = out.body.messages[0].body.match(/oneTimeToken=([^\s&]+)/);
  return decodeURIComponent(m[1]);
}

describe('admin users', () => {
  it('invites by e-mail with a one-time sign-in link that works once', async () => {
    const r = await t.request('POST', '/api/v2/inviteAdminUser', {
      token: owner.token,
      body: { email: 'Helper@Team.test', redirectUrl: '/app?settings=true' },
    });
    expect(r.status).toBe(200);
    const oneTime = await inviteLink('helper@team.test');
    const first = await t.request('GET', '/api/v1/oneTimeAuth', { query: { oneTimeToken: oneTime } });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, redirectUrl: '/app?settings=true' });
    const again = await t.request('GET', '/api/v1/oneTimeAuth', { query: { oneTimeToken: oneTime } });
    expect(again.status).toBe(401);
    // The invited user acts on the organization it was invited to, without billing or delete rights.
    const me = await t.request('GET', '/api/v1/account', { token: first.body.token });
    expect(me.body).toMatchObject({ id: owner.id, permissions: { canViewOrg: true, canManageBilling: false, canDeleteOrg: false } });
    expect(me.body.user).toMatchObject({ email: 'helper@team.test', accountType: 'user' });
  });

  it('refuses an open redirect', async () => {
    const r = await t.request('POST', '/api/v2/inviteAdminUser', {
      token: owner.token,
      body: { email: 'x@team.test', redirectUrl: 'https://evil.example/phish' },
    });
    expect(r.status).toBe(400);
    expect(r.body.field).toBe('redirectUrl');
  });

  it('expires one-time links after ten minutes', async () => {
    await t.request('POST', '/api/v2/inviteAdminUser', { token: owner.token, body: { email: 'slow@team.test' } });
    const link = await inviteLink('slow@team.test');
    await t.database.db
      .updateTable('tokens')
      .set({ expires_at: Date.now() - 1 })
      .where('kind', '=', 'one_time')
      .execute();
    const r = await t.request('GET', '/api/v1/oneTimeAuth', { query: { oneTimeToken: link } });
    expect(r.status).toBe(401);
    expect(r.body.message).toBe('This sign-in link has expired or was already used.');
  });

  it('lists the owner and the admins, and a non-owner cannot remove an owner', async () => {
    await t.request('POST', '/api/v2/inviteAdminUser', { token: owner.token, body: { email: 'co-owner@team.test', isOwner: true } });
    const list = await t.request('GET', '/api/v2/listAdminUsers', { token: owner.token });
    expect(list.body.users[0]).toMatchObject({ id: owner.id, isOwner: true, isAccountUser: true });
    const coOwner = list.body.users.find((u: { email: string }) => u.email === 'co-owner@team.test');
    expect(coOwner.isOwner).toBe(true);
    // Invited and not signed in yet: pending; a member who signed in is not.
    expect(coOwner.pending).toBe(true);
    expect(list.body.users[0].pending).toBe(false);
    expect(list.body.users.find((u: { email: string }) => u.email === 'helper@team.test').pending).toBe(false); // followed the link

    const helper = await t.signIn('helper@team.test');
    const denied = await t.request('DELETE', '/api/v2/deleteAdminUser', { token: helper.token, query: { targetUserId: coOwner.id } });
    expect(denied.status).toBe(403);
    const self = await t.request('DELETE', '/api/v2/deleteAdminUser', { token: helper.token, query: { targetUserId: owner.id } });
    expect(self.status).toBe(403);
    // An admin without the owner flag may not invite an owner either.
    const noOwnerInvite = await t.request('POST', '/api/v2/inviteAdminUser', {
      token: helper.token,
      body: { email: 'o2@team.test', isOwner: true },
    });
    expect(noOwnerInvite.status).toBe(403);

    const removed = await t.request('DELETE', '/api/v2/deleteAdminUser', { token: owner.token, query: { targetUserId: coOwner.id } });
    expect(removed.status).toBe(200);
    const after = await t.request('GET', '/api/v2/listAdminUsers', { token: owner.token });
    expect(after.body.users.some((u: { email: string }) => u.email === 'co-owner@team.test')).toBe(false);
  });

  it('a removed admin loses access at once', async () => {
    await t.request('POST', '/api/v2/inviteAdminUser', { token: owner.token, body: { email: 'leaver@team.test' } });
    const leaver = await t.signIn('leaver@team.test');
    expect((await t.request('GET', '/api/v1/account', { token: leaver.token, query: { targetAccountId: owner.id } })).status).toBe(200);
    await t.request('DELETE', '/api/v2/deleteAdminUser', { token: owner.token, query: { targetUserId: leaver.id } });
    expect((await t.request('GET', '/api/v1/account', { token: leaver.token, query: { targetAccountId: owner.id } })).status).toBe(403);
  });
});

describe('API tokens', () => {
  it('shows the value once, authenticates with it, and stops after revoking', async () => {
    const created = await t.request('POST', '/api/v2/tokens', { token: owner.token, body: { description: 'CRM sync', type: 'api' } });
    expect(created.status).toBe(200);
    const value = created.body.token as string;
    const list = await t.request('GET', '/api/v2/tokens', { token: owner.token });
    expect(list.body.tokens).toEqual([expect.objectContaining({ id: created.body.id, description: 'CRM sync', preview: value.slice(-4) })]);
    expect(JSON.stringify(list.body)).not.toContain(value);

    const viaBearer = await t.request('GET', '/api/v1/account', { headers: { authorization: `Bearer ${value}` } });
    expect(viaBearer.status).toBe(200);
    expect(viaBearer.body.id).toBe(owner.id);
    // An API token cannot mint more tokens.
    expect((await t.request('POST', '/api/v2/tokens', { token: value, body: { description: 'more' } })).status).toBe(400);

    const del = await t.request('DELETE', '/api/v2/tokens', { token: owner.token, body: { token: created.body.id } });
    expect(del.status).toBe(200);
    expect((await t.request('GET', '/api/v1/account', { token: value })).status).toBe(401);
  });

  it('names the missing description', async () => {
    const r = await t.request('POST', '/api/v2/tokens', { token: owner.token, body: { description: '' } });
    expect(r.status).toBe(400);
    expect(r.body.field).toBe('description');
  });
});
