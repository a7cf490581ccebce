import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../../testing/harness.ts';
import { INVITES_PER_HOUR } from './index.ts';

/** Referrals through HTTP: invitations by e-mail and SMS, one per address, rate-limited, and who joined. */

let t: TestApp;
let owner: Session;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp('referrer@bakery.test', { businessName: 'Referring Bakery' });
});
afterAll(() => t.close());

const invite = (target: string, token = owner.token, query?: Record<string, unknown>) =>
  t.request('POST', '/api/v1/sendInvite', { token, query, body: { target } });
const outbox = (to: string) => t.database.db.selectFrom('outbox').select(['body', 'channel']).where('to_address', '=', to).execute();

describe('invitations', () => {
  it('sends an e-mail invitation carrying the referral link, and an SMS one to a phone number', async () => {
    const mail = await invite('Friend@Example.test');
    expect(mail.status).toBe(200);
    expect(mail.body).toMatchObject({ channel: 'email', target: 'friend@example.test' });
    const rewards = await t.request('GET', '/api/v1/referralRewards', { token: owner.token });
    expect(rewards.body.inviteUrl).toBe(`http://localhost:3000/app/signup?ref=${rewards.body.code}`);
    const sent = await outbox('friend@example.test');
    expect(sent).toHaveLength(1);
    // Each invitation carries its own code (attribution.test.ts), not the account's shareable one.
    expect(sent[0]!.body).toMatch(/http:\/\/localhost:3000\/app\/signup\?ref=[\w-]{16}/);
    const sms = await invite('(415) 555-2671');
    expect(sms.body).toMatchObject({ channel: 'sms', target: '+14155552671' });
    expect((await outbox('+14155552671'))[0]!.body).toMatch(/\/app\/signup\?ref=[\w-]{16}/);
  });

  it('says when an invitation could not be delivered, and does not count it', async () => {
    // The local carrier cannot reach 555-01xx numbers, as a real carrier fails on a dead number.
    const dead = await invite('(415) 555-0142');
    expect(dead.status).toBe(422);
    expect(dead.body.field).toBe('target');
    const rewards = await t.request('GET', '/api/v1/referralRewards', { token: owner.token });
    expect(rewards.body.invites.map((i: { target: string }) => i.target)).not.toContain('+14155550142');
  });

  it('never invites the same address twice, nor someone who has an account, nor a malformed address', async () => {
    const again = await invite('friend@example.test');
    expect(again.status).toBe(409);
    expect(again.body.field).toBe('target');
    expect(await outbox('friend@example.test')).toHaveLength(1);
    expect((await invite('referrer@bakery.test')).status).toBe(409);
    expect((await invite('not a number')).body.field).toBe('target');
    expect((await invite('x@')).body.field).toBe('target');
  });

  it('shows who joined through an invitation', async () => {
    await t.signUp('friend@example.test', { businessName: 'Friendly Foods' });
    const rewards = await t.request('GET', '/api/v1/referralRewards', { token: owner.token });
    expect(rewards.body).toMatchObject({ invited: 2, joined: 1 });
    const friend = rewards.body.invites.find((i: { target: string }) => i.target === 'friend@example.test');
    expect(friend.joined).toBe(true);
    expect(friend.joinedAt).toBeGreaterThan(0);
  });

  it('another tree cannot invite in this account’s name or see who was invited', async () => {
    const stranger = await t.signUp('nosy@elsewhere.test', { businessName: 'Nosy Co' });
    expect((await invite('someone@else.test', stranger.token, { targetAccountId: owner.id })).status).toBe(403);
    expect(
      (await t.request('GET', '/api/v1/referralRewards', { token: stranger.token, query: { targetAccountId: owner.id } })).status,
    ).toBe(403);
    const own = await t.request('GET', '/api/v1/referralRewards', { token: stranger.token });
    expect(own.body).toMatchObject({ invited: 0, joined: 0, invites: [] });
  });

  it(`limits a user to ${INVITES_PER_HOUR} invitations an hour`, async () => {
    const statuses: number[] = [];
    for (let i = 0; i < INVITES_PER_HOUR + 2; i++) statuses.push((await invite(`guest${i}@party.test`)).status);
    expect(statuses).toContain(429);
    // Earlier tests used some of the hour's allowance: the limit is reached within this loop.
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(INVITES_PER_HOUR);
  });
});
