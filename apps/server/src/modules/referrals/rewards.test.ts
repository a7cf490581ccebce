import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../../testing/harness.ts';
import { ledger } from '../wallet/index.ts';
import { claimableReferralRewards, claimReferralRewards, REFERRAL_REWARD_MICRO_USD, referralRewardKey } from './index.ts';

/** Referral rewards through HTTP: earned when the invited person joins, claimed into the wallet once; contacts to invite. */
let t: TestApp;
let owner: Session;
let stranger: Session;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp('rewarder@bakery.test', { businessName: 'Rewarding Bakery' });
  stranger = await t.signUp('grabber@elsewhere.test', { businessName: 'Grabby Co' });
});
afterAll(() => t.close());

const rewards = (token = owner.token) => t.request('GET', '/api/v1/referralRewards', { token });
/** What the wallet's POST /api/v1/claimRewards (billing's route) does for the referral side. */
const claim = (accountId = owner.id) => claimReferralRewards(t.database.db, accountId);
const balance = async (token = owner.token) => (await t.request('GET', '/api/v1/recentTransactions', { token })).body.balance as number;

describe('referral rewards', () => {
  it('earns nothing until the invited person joins', async () => {
    expect((await t.request('POST', '/api/v1/sendInvite', { token: owner.token, body: { target: 'pal@joins.test' } })).status).toBe(200);
    expect((await t.request('POST', '/api/v1/sendInvite', { token: owner.token, body: { target: 'shy@never.test' } })).status).toBe(200);
    expect((await rewards()).body).toMatchObject({ earnedMicroUsd: 0, claimableMicroUsd: 0 });
    expect(await claim()).toMatchObject({ claimedMicroUsd: 0, claimed: 0 });
  });

  it('credits the wallet through the ledger once, however many claims race', async () => {
    await t.signUp('pal@joins.test', { businessName: 'Pal Pies' });
    const before = (await rewards()).body;
    expect(before).toMatchObject({ joined: 1, earnedMicroUsd: REFERRAL_REWARD_MICRO_USD, claimableMicroUsd: REFERRAL_REWARD_MICRO_USD });
    expect(await claimableReferralRewards(t.database.db, owner.id)).toBe(REFERRAL_REWARD_MICRO_USD);
    const startBalance = await balance();
    const answers = await Promise.all([claim(), claim(), claim(), claim()]);
    expect(answers.reduce((s, a) => s + a.claimedMicroUsd, 0)).toBe(REFERRAL_REWARD_MICRO_USD);
    expect(await balance()).toBe(startBalance + REFERRAL_REWARD_MICRO_USD);
    const after = (await rewards()).body;
    expect(after).toMatchObject({ claimedMicroUsd: REFERRAL_REWARD_MICRO_USD, claimableMicroUsd: 0 });
    expect(after.invites.find((i: { target: string }) => i.target === 'pal@joins.test').claimedAt).toBeGreaterThan(0);
    expect(await claim()).toMatchObject({ claimedMicroUsd: 0, claimed: 0 });
    const check = await ledger.check(t.database.db);
    expect(check.total).toBe(0);
    expect(check.mismatched).toEqual([]);
    const transfers = await t.database.db.selectFrom('ledger_transfers').select('idempotency_key').where('kind', '=', 'reward').execute();
    expect(transfers).toHaveLength(1);
    expect(transfers[0]!.idempotency_key).toMatch(/^reward:referral:\d+$/);
  });

  it('reads a reward the wallet paid under the same key as claimed, and never pays it again', async () => {
    await t.request('POST', '/api/v1/sendInvite', { token: owner.token, body: { target: 'second@joins.test' } });
    await t.signUp('second@joins.test', { businessName: 'Second Scones' });
    expect(await claimableReferralRewards(t.database.db, owner.id)).toBe(REFERRAL_REWARD_MICRO_USD);
    const invite = (await rewards()).body.invites.find((i: { target: string }) => i.target === 'second@joins.test');
    // As the wallet's claimRewards pays it: platform:rewards → wallet, keyed by the invitation.
    await ledger.transfer(t.database.db, {
      key: referralRewardKey(invite.id),
      debit: 'platform:rewards',
      credit: `wallet:${owner.id}`,
      amount: REFERRAL_REWARD_MICRO_USD,
      kind: 'reward',
    });
    const before = await balance();
    expect(await claimableReferralRewards(t.database.db, owner.id)).toBe(0);
    expect((await rewards()).body.invites.find((i: { target: string }) => i.target === 'second@joins.test').claimedAt).toBeGreaterThan(0);
    expect(await claim()).toMatchObject({ claimedMicroUsd: 0 });
    expect(await balance()).toBe(before);
  });
});

describe('contacts to invite', () => {
  it('marks the phone’s contacts as invitable, invited or a member', async () => {
    const res = await t.request('GET', '/api/v1/mobileContacts', {
      token: owner.token,
      query: { addresses: 'Pal@Joins.test, shy@never.test,new@friend.test,(415) 555-2671,not-an-address,new@friend.test' },
    });
    expect(res.status).toBe(200);
    expect(res.body.contacts).toEqual([
      { name: null, target: 'pal@joins.test', channel: 'email', status: 'member' },
      { name: null, target: 'shy@never.test', channel: 'email', status: 'invited' },
      { name: null, target: 'new@friend.test', channel: 'email', status: 'invitable' },
      { name: null, target: '+14155552671', channel: 'sms', status: 'invitable' },
    ]);
  });

  it('without addresses, lists the organization’s contacts', async () => {
    const made = await t.request('POST', '/api/v2/contact', {
      token: owner.token,
      body: { name: 'Dana Doughnut', phones: ['+14155552672'], emails: ['dana@donuts.test'] },
    });
    expect(made.status).toBe(200);
    const res = await t.request('GET', '/api/v1/mobileContacts', { token: owner.token });
    expect(res.body.contacts).toEqual(
      expect.arrayContaining([
        { name: 'Dana Doughnut', target: '+14155552672', channel: 'sms', status: 'invitable' },
        { name: 'Dana Doughnut', target: 'dana@donuts.test', channel: 'email', status: 'invitable' },
      ]),
    );
  });
});

describe('another tree', () => {
  it('cannot read its contacts to invite or see its rewards; claiming its own pays nothing of this account’s', async () => {
    const before = await balance();
    expect((await t.request('GET', '/api/v1/mobileContacts', { token: stranger.token, query: { targetAccountId: owner.id } })).status).toBe(
      403,
    );
    const own = await t.request('GET', '/api/v1/mobileContacts', { token: stranger.token });
    expect(own.body.contacts).toEqual([]);
    expect((await claim(stranger.id)).claimedMicroUsd).toBe(0);
    expect((await rewards(stranger.token)).body).toMatchObject({ earnedMicroUsd: 0, invites: [] });
    expect(await balance()).toBe(before);
  });
});
