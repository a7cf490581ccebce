import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listResponse } from '@switchboard/core';
import { createTestApp, type Session, type TestApp } from '../../testing/harness.ts';
import { recordUsage } from '../stats/index.ts';
import { accountResponse } from './routes.ts';

let t: TestApp;
let partner: Session;
let reseller: { id: number };
let org: { id: number };
let agent: { id: number };

beforeAll(async () => {
  t = await createTestApp();
  partner = await t.partner('North Partners');
  const r = await t.request('POST', '/api/v2/createReseller', { token: partner.token, body: { name: 'River Resellers' } });
  expect(r.status).toBe(200);
  reseller = r.body;
  const o = await t.request('POST', '/api/v2/createOrganization', {
    token: partner.token,
    body: { name: 'Oak Dental', resellerId: reseller.id },
  });
  expect(o.status).toBe(200);
  org = o.body;
  const a = await t.request('POST', '/api/v2/createAccount', {
    token: partner.token,
    body: { targetAccountId: org.id, name: 'Front Desk', accountName: 'Front Desk' },
  });
  expect(a.status).toBe(200);
  agent = a.body;
});
afterAll(async () => {
  await t.close();
});

describe('the account tree', () => {
  it('links each level to the ones above it', async () => {
    const r = await t.request('GET', '/api/v1/account', { token: partner.token, query: { targetResellerId: reseller.id } });
    expect(r.body).toMatchObject({ accountType: 'reseller', partnerId: partner.id, resellerId: reseller.id, organizationId: reseller.id });
    const o = await t.request('GET', '/api/v1/account', { token: partner.token, query: { targetOrganizationId: org.id } });
    expect(o.body).toMatchObject({ accountType: 'organization', partnerId: partner.id, resellerId: reseller.id, organizationId: org.id });
    const a = await t.request('GET', '/api/v1/account', { token: partner.token, query: { targetAccountId: agent.id } });
    expect(a.body).toMatchObject({
      accountType: 'agent',
      partnerId: partner.id,
      resellerId: reseller.id,
      organizationId: org.id,
      displayName: 'Front Desk',
    });
    // Acting through a partner gives every permission (spec §6: reseller or above).
    expect(Object.values(a.body.permissions).every(Boolean)).toBe(true);
  });

  it('lists organizations, resellers and agents with totals and pages of 20', async () => {
    for (let i = 0; i < 21; i++) {
      await t.request('POST', '/api/v2/createOrganization', { token: partner.token, body: { name: `Bulk ${i}` } });
    }
    const first = await t.request('GET', '/api/v2/listOrganizations', { token: partner.token });
    expect(first.status).toBe(200);
    expect(first.body.totalAccounts).toBe(22);
    expect(first.body.accounts).toHaveLength(20);
    const second = await t.request('GET', '/api/v2/listOrganizations', { token: partner.token, query: { page: 1 } });
    expect(second.body.accounts).toHaveLength(2);
    const byReseller = await t.request('GET', '/api/v2/listOrganizations', {
      token: partner.token,
      query: { targetResellerId: reseller.id },
    });
    expect(byReseller.body.accounts.map((a: { id: number }) => a.id)).toEqual([org.id]);
    expect(byReseller.body.accounts[0]).toMatchObject({ type: 'organization', orgName: 'Oak Dental', resellerId: reseller.id });
    const resellers = await t.request('GET', '/api/v2/listResellers', { token: partner.token });
    expect(resellers.body).toMatchObject({
      success: true,
      totalAccounts: 1,
      accounts: [{ id: reseller.id, type: 'reseller', resellerName: 'River Resellers' }],
    });
    const agents = await t.request('GET', '/api/v2/listAccounts', { token: partner.token, query: { targetAccountId: org.id } });
    expect(agents.body).toMatchObject({
      success: true,
      totalAccounts: 1,
      accounts: [{ id: agent.id, type: 'agent', organizationId: org.id }],
    });
  });

  it('searches organizations with the organization filter', async () => {
    const today = new Date().toISOString().slice(0, 10);
    // Usage is counted on the account that used it: 6 voice minutes on the organization, 4 on its agent (real figures, summed).
    await recordUsage(t.database.db, org.id, 'voice', 6, today);
    await recordUsage(t.database.db, agent.id, 'voice', 4, today);
    await recordUsage(t.database.db, agent.id, 'inbound-message', 3, today);
    await recordUsage(t.database.db, org.id, 'outbound-message', 2, '2020-01-15');
    await t.database.db
      .updateTable('accounts')
      .set({ product_plan_id: 'pro', subscribed_at: Date.now() })
      .where('id', '=', org.id)
      .execute();
    const q = (query: Record<string, unknown>) =>
      t
        .request('GET', '/api/v2/searchOrganizations', { token: partner.token, query })
        .then((r) => r.body.accounts.map((a: { id: number }) => a.id));
    expect(await q({ voiceMinutesCurrentMin: 10 })).toEqual([org.id]);
    expect(await q({ voiceMinutesCurrentMin: 11 })).toEqual([]);
    expect(await q({ voiceMinutesAllTimeMax: 5, search: 'oak' })).toEqual([]);
    expect(await q({ voiceMinutesPreviousMin: 1, search: 'oak' })).toEqual([]);
    expect(await q({ messagesCurrentMin: 3, messagesCurrentMax: 3, search: 'oak' })).toEqual([org.id]);
    expect(await q({ messagesAllTimeMin: 5, search: 'oak' })).toEqual([org.id]);
    expect(await q({ messagesAllTimeMin: 6, search: 'oak' })).toEqual([]);
    expect(await q({ subscribed: true })).toEqual([org.id]);
    expect(await q({ productPlanId: 'pro', search: 'OAK' })).toEqual([org.id]);
    expect((await q({ subscribed: false })).includes(org.id)).toBe(false);
    // Only positive page/pageSize count: page=-1 is the first page.
    expect(await q({ search: 'oak', page: -1, pageSize: 0 })).toEqual([org.id]);
  });

  it('answers in the shapes the contracts declare', async () => {
    for (const query of [{}, { targetAccountId: org.id }, { targetAccountId: agent.id }, { targetResellerId: reseller.id }]) {
      const r = await t.request('GET', '/api/v1/account', { token: partner.token, query });
      expect(accountResponse.safeParse(r.body).error).toBeUndefined();
    }
    for (const url of ['/api/v2/listOrganizations', '/api/v2/listResellers', '/api/v2/searchOrganizations']) {
      const r = await t.request('GET', url, { token: partner.token });
      expect(listResponse.safeParse(r.body).error, url).toBeUndefined();
    }
  });

  it('refuses a mismatched account type', async () => {
    const r = await t.request('GET', '/api/v1/account', { token: partner.token, query: { targetResellerId: org.id } });
    expect(r.status).toBe(422);
    expect(r.body.message).toBe('Account type does not match');
    const c = await t.request('POST', '/api/v2/createReseller', { token: partner.token, body: { targetAccountId: org.id, name: 'x' } });
    expect(c.body.message).toBe('Account type does not match');
  });

  it('names the field on bad input and writes nothing', async () => {
    const before = await t.request('GET', '/api/v2/listResellers', { token: partner.token });
    const r = await t.request('POST', '/api/v2/createReseller', { token: partner.token, body: { name: '   ' } });
    expect(r.status).toBe(400);
    expect(r.body.field).toBe('name');
    const after = await t.request('GET', '/api/v2/listResellers', { token: partner.token });
    expect(after.body.totalAccounts).toBe(before.body.totalAccounts);
  });
});

describe('another tree', () => {
  let stranger: Session;
  beforeAll(async () => {
    stranger = await t.signUp('stranger@elsewhere.test', { businessName: 'Elsewhere Inc' });
  });

  it('reads nothing of this tree', async () => {
    for (const [url, query] of [
      ['/api/v1/account', { targetAccountId: org.id }],
      ['/api/v1/account', { targetAccountId: partner.id }],
      ['/api/v2/listAccounts', { targetAccountId: org.id }],
      ['/api/v2/listOrganizations', { targetPartnerId: partner.id }],
      ['/api/v2/listResellers', { targetPartnerId: partner.id }],
      ['/api/v2/searchOrganizations', { targetPartnerId: partner.id }],
      ['/api/v2/listAdminUsers', { targetAccountId: org.id }],
      ['/api/v2/tokens', { targetAccountId: org.id }],
    ] as const) {
      const r = await t.request('GET', url, { token: stranger.token, query });
      expect(r.status, url).toBe(403);
      expect(r.body.success).toBe(false);
    }
  });

  it('changes nothing of this tree', async () => {
    const attempts = [
      t.request('POST', '/api/v1/account', { token: stranger.token, body: { targetAccountId: org.id, accountName: 'Hacked' } }),
      t.request('POST', '/api/v1/accountSetting', { token: stranger.token, body: { targetAccountId: org.id, settings: { x: 1 } } }),
      t.request('POST', '/api/v1/updateUsername', { token: stranger.token, body: { targetAccountId: org.id, targetUsername: 'hacked' } }),
      t.request('POST', '/api/v2/createAccount', { token: stranger.token, body: { targetAccountId: org.id, name: 'Spy' } }),
      t.request('POST', '/api/v2/inviteAdminUser', { token: stranger.token, body: { targetAccountId: org.id, email: 'spy@x.test' } }),
      t.request('DELETE', '/api/v2/deleteAccount', { token: stranger.token, query: { targetAccountId: agent.id } }),
      t.request('DELETE', '/api/v2/deleteOrganization', { token: stranger.token, query: { targetOrganizationId: org.id } }),
      t.request('POST', '/api/v2/tokens', { token: stranger.token, body: { targetAccountId: org.id, description: 'steal' } }),
      t.request('DELETE', '/api/v2/tokens', { token: stranger.token, body: { targetAccountId: org.id, tokenId: 'tok_x' } }),
      t.request('POST', '/api/v1/email/requestVerificationCode', {
        token: stranger.token,
        body: { targetAccountId: org.id, email: 'spy@x.test' },
      }),
    ];
    for (const r of await Promise.all(attempts)) expect(r.status).toBe(403);
    const o = await t.request('GET', '/api/v1/account', { token: partner.token, query: { targetAccountId: org.id } });
    expect(o.body).toMatchObject({ accountName: 'Oak Dental', username: 'oak-dental', settings: {} });
    const agents = await t.request('GET', '/api/v2/listAccounts', { token: partner.token, query: { targetAccountId: org.id } });
    expect(agents.body.totalAccounts).toBe(1);
    const admins = await t.request('GET', '/api/v2/listAdminUsers', { token: partner.token, query: { targetAccountId: org.id } });
    expect(admins.body.users).toEqual([]);
  });

  it('another partner cannot place an organization under this tree’s reseller', async () => {
    const other = await t.partner('South Partners');
    const before = await t.request('GET', '/api/v2/listOrganizations', { token: partner.token });
    const r = await t.request('POST', '/api/v2/createOrganization', {
      token: other.token,
      body: { name: 'Spy Dental', resellerId: reseller.id },
    });
    expect(r.status).toBe(404);
    expect(r.body.message).toMatch(/^resellerId:/);
    // Its own organizations and this tree's are as they were.
    expect((await t.request('GET', '/api/v2/listOrganizations', { token: other.token })).body.totalAccounts).toBe(0);
    const after = await t.request('GET', '/api/v2/listOrganizations', { token: partner.token });
    expect(after.body.totalAccounts).toBe(before.body.totalAccounts);
  });

  it('an organization cannot climb to its reseller or partner', async () => {
    const invited = await t.request('POST', '/api/v2/inviteAdminUser', {
      token: partner.token,
      body: { targetAccountId: org.id, email: 'admin@oak.test' },
    });
    expect(invited.status).toBe(200);
    const admin = await t.signIn('admin@oak.test');
    expect((await t.request('GET', '/api/v1/account', { token: admin.token })).body.id).toBe(org.id);
    expect((await t.request('GET', '/api/v1/account', { token: admin.token, query: { targetAccountId: reseller.id } })).status).toBe(403);
    expect(
      (await t.request('GET', '/api/v2/listOrganizations', { token: admin.token, query: { targetPartnerId: partner.id } })).status,
    ).toBe(403);
    // An invited admin (not the owner) may not delete the organization (spec §6: no delete, no billing).
    const del = await t.request('DELETE', '/api/v2/deleteOrganization', { token: admin.token, query: { targetOrganizationId: org.id } });
    expect(del.status).toBe(403);
  });
});

describe('profile', () => {
  let owner: Session;
  beforeAll(async () => {
    owner = await t.signUp('profile@x.test', { businessName: 'Profile Shop' });
  });

  it('changes the username only to a free, slug-safe one', async () => {
    const bad = await t.request('POST', '/api/v1/updateUsername', { token: owner.token, body: { targetUsername: 'Bad Name!' } });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('targetUsername');
    const taken = await t.request('POST', '/api/v1/updateUsername', { token: owner.token, body: { targetUsername: 'oak-dental' } });
    expect(taken.status).toBe(409);
    const good = await t.request('POST', '/api/v1/updateUsername', { token: owner.token, body: { targetUsername: 'profile-shop-2' } });
    expect(good.status).toBe(200);
    expect(good.body.username).toBe('profile-shop-2');
  });

  it('keeps only safe social links and their position', async () => {
    const bad = await t.request('POST', '/api/v1/account/socialLinks', {
      token: owner.token,
      body: {
        socialLinks: [
          { type: 'x', url: 'https://x.com/a' },
          { type: 'evil', url: 'javascript:alert(1)' },
        ],
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('socialLinks.1.url');
    const good = await t.request('POST', '/api/v1/account/socialLinks', {
      token: owner.token,
      body: { socialLinks: [{ type: 'x', url: 'https://x.com/a' }], socialLinksPosition: 'top' },
    });
    expect(good.body).toMatchObject({ socialLinks: [{ type: 'x', url: 'https://x.com/a' }], socialLinksPosition: 'top' });
  });

  it('merges settings and mirrors onboarding completion for search', async () => {
    await t.request('POST', '/api/v1/accountSetting', { token: owner.token, body: { settings: { smsMessaging: true } } });
    const r = await t.request('POST', '/api/v1/accountSetting', {
      token: owner.token,
      body: { settings: { onboarding: { onboardingComplete: true } } },
    });
    expect(r.body.settings).toEqual({ smsMessaging: true, onboarding: { onboardingComplete: true } });
    const row = await t.database.db
      .selectFrom('accounts')
      .select('onboarding_complete')
      .where('id', '=', owner.id)
      .executeTakeFirstOrThrow();
    expect(row.onboarding_complete).toBe(1);
  });

  it('uploads a profile image, checking its type by content', async () => {
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
    const form = (data: Buffer, name: string) => {
      const boundary = '----sbtest';
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`),
        data,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return t.app.inject({
        method: 'POST',
        url: `/api/v1/profile/dp?token=${owner.token}`,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
    };
    const fake = await form(Buffer.from('<script>alert(1)</script>'), 'x.png');
    expect(fake.statusCode).toBe(400);
    expect(fake.json().field).toBe('file');
    const ok = await form(png, 'me.png');
    expect(ok.statusCode).toBe(200);
    const url = ok.json().profileImage as string;
    expect(url).toMatch(/^\/files\/avatar-\d+-[0-9a-f]+\.png$/);
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(png)).toBe(true);
  });

  it('deletes an agent and its sessions stop working', async () => {
    const a = await t.request('POST', '/api/v2/createAccount', {
      token: owner.token,
      body: { name: 'Temp Agent', email: 'agent-admin@x.test' },
    });
    expect(a.status).toBe(200);
    const agentAdmin = await t.signIn('agent-admin@x.test');
    const asAgent = await t.request('GET', '/api/v1/account', { token: agentAdmin.token });
    expect(asAgent.body.id).toBe(a.body.id);
    // Access to only an agent is the helper case: view and edit, nothing more.
    expect(asAgent.body.permissions).toMatchObject({ canEditOrg: true, canManageUsers: false, canDeleteOrg: false });
    const del = await t.request('DELETE', '/api/v2/deleteAccount', { token: owner.token, query: { targetAccountId: a.body.id } });
    expect(del.status).toBe(200);
    const list = await t.request('GET', '/api/v2/listAccounts', { token: owner.token });
    expect(list.body.accounts.map((x: { id: number }) => x.id)).not.toContain(a.body.id);
    expect((await t.request('GET', '/api/v1/account', { token: agentAdmin.token, query: { targetAccountId: a.body.id } })).status).toBe(
      403,
    );
  });
});
