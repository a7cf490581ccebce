import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../../testing/harness.ts';

/**
 * The `?ref=` of an invite link attributes the sign-up to that invitation by its code, whatever
 * address the person signs up with; the account's shareable code attributes too. On SQLite and PostgreSQL.
 */
let t: TestApp;
let owner: Session;
let stranger: Session;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp('referrer@attrib.test', { businessName: 'Attributing Bakery' });
  stranger = await t.signUp('stranger@attrib.test', { businessName: 'Stranger Co' });
});
afterAll(() => t.close());

const invite = async (target: string) => {
  expect((await t.request('POST', '/api/v1/sendInvite', { token: owner.token, body: { target } })).status).toBe(200);
  const sent = await t.database.db.selectFrom('outbox').select('body').where('to_address', '=', target).executeTakeFirstOrThrow();
  return /\?ref=([\w-]+)/.exec(sent.body!)![1]!;
};
const rewards = async (token = owner.token) => (await t.request('GET', '/api/v1/referralRewards', { token })).body;
const inviteOf = async (target: string) =>
  (await rewards()).invites.find((i: { target: string }) => i.target === target) as { joined: boolean; rewardMicroUsd: number };

describe('sign-up attribution by referral code', () => {
  it('a person who signs up through the link with another address is attributed to that invitation', async () => {
    const code = await invite('work@friend.test');
    // Only the code's hash is stored.
    const row = await t.database.db
      .selectFrom('referral_invites')
      .selectAll()
      .where('target', '=', 'work@friend.test')
      .executeTakeFirstOrThrow();
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(code);
    const joined = await t.signUp('personal@friend.test', { businessName: 'Friend Co', ref: code });
    const inv = await t.database.db.selectFrom('referral_invites').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
    expect(inv.joined_account_id).toBe(joined.id);
    expect(await inviteOf('work@friend.test')).toMatchObject({ joined: true });
    // Joining earns nothing yet: the reward comes with the new account's first payment.
    expect((await inviteOf('work@friend.test')).rewardMicroUsd).toBe(0);
    // The code is used up: a second sign-up with it is not attributed (nor refused).
    const second = await t.signUp('other@friend.test', { ref: code });
    expect(second.id).toBeGreaterThan(0);
    expect((await rewards()).joined).toBe(1);
  });

  it('the account’s shareable code attributes a sign-up that no one invited', async () => {
    const { code } = await rewards();
    const before = (await rewards()).joined;
    await t.signUp('walkin@shared.test', { ref: code });
    const after = await rewards();
    expect(after.joined).toBe(before + 1);
    expect(after.invites.find((i: { target: string }) => i.target === 'walkin@shared.test')).toMatchObject({ joined: true });
  });

  it('a phone sign-up through an invite link is attributed to its invitation', async () => {
    const code = await invite('+14155552699');
    expect((await t.request('POST', '/api/v1/signin/phoneNumber', { body: { phoneNumber: '(415) 555-2698', ref: code } })).status).toBe(
      200,
    );
    const sms = await t.database.db
      .selectFrom('outbox')
      .select('body')
      .where('to_address', '=', '+14155552698')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const verificationCode = /\b(\d{6})\b/.exec(sms.body!)![1]!;
    const done = await t.request('POST', '/api/v1/signin/phoneNumber/verify', {
      body: { phoneNumber: '(415) 555-2698', verificationCode },
    });
    expect(done.status).toBe(200);
    expect(await inviteOf('+14155552699')).toMatchObject({ joined: true });
  });

  it('an unknown or malformed code signs up without attribution; another tree sees none of it', async () => {
    const before = (await rewards()).joined;
    await t.signUp('nobody@ref.test', { ref: 'not-a-real-code' });
    expect((await rewards()).joined).toBe(before);
    const long = await t.request('POST', '/api/v1/signup/email', { body: { email: 'long@ref.test', ref: 'x'.repeat(65) } });
    expect(long.status).toBe(400);
    expect(long.body.field).toBe('ref');
    expect(await rewards(stranger.token)).toMatchObject({ invited: 0, joined: 0, invites: [] });
  });
});
