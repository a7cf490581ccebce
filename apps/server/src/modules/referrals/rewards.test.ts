import { REFERRAL_REWARDS_PER_MONTH } from '@switchboard/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../../testing/harness.ts';
import { expectLedgerBalanced, fundWallet, payByCard, promoBalance, subscribeToMeteredPlan, walletBalance } from '../../testing/money.ts';
import { chargeUsage } from '../billing/index.ts';
import { ledger } from '../wallet/index.ts';
import { claimableReferralRewards, claimReferralRewards, qualifyReferral, REFERRAL_REWARD_MICRO_USD } from './index.ts';

/**
 * Referral rewards on SQLite and PostgreSQL: earned only when the invited person pays, paid once into
 * reward credit (spent on usage first, never withdrawn), capped per month; contacts to invite.
 */
let t: TestApp;
let owner: Session;
let stranger: Session;

beforeAll(async () => {
  t = await createTestApp({ JOBS_AUTOSTART: 'false' });
  owner = await t.signUp('rewarder@bakery.test', { businessName: 'Rewarding Bakery' });
  stranger = await t.signUp('grabber@elsewhere.test', { businessName: 'Grabby Co' });
}, 60_000);
afterAll(async () => {
  await expectLedgerBalanced(t.database.db);
  await t?.close();
});

const rewards = (token = owner.token) => t.request('GET', '/api/v1/referralRewards', { token });
/** What the wallet's POST /api/v1/claimRewards does for the referral side. */
const claim = (accountId = owner.id) => claimReferralRewards(t.database.db, accountId);
const wallet = async (token = owner.token) => (await t.request('GET', '/api/v1/recentTransactions', { token })).body;
const invite = async (target: string, token = owner.token) =>
  expect((await t.request('POST', '/api/v1/sendInvite', { token, body: { target } })).status).toBe(200);
const rewardTransfers = () =>
  t.database.db.selectFrom('ledger_transfers').select(['idempotency_key']).where('kind', '=', 'reward').execute();

describe('self-referral', () => {
  it('two invited addresses the organization controls sign up: nothing to claim, and nothing can be withdrawn', async () => {
    const org = await t.signUp('farmer@self.test', { businessName: 'Self Farm' });
    await invite('alt1@self.test', org.token);
    await invite('alt2@self.test', org.token);
    const alt1 = await t.signUp('alt1@self.test', { businessName: 'Alt One' });
    await t.signUp('alt2@self.test', { businessName: 'Alt Two' });
    expect((await rewards(org.token)).body).toMatchObject({ joined: 2, earnedMicroUsd: 0, claimableMicroUsd: 0 });
    const claimed = await t.request('POST', '/api/v1/claimRewards', { token: org.token, body: { claim: 'referrals' } });
    expect(claimed.body).toMatchObject({ claimed: 0, balance: 0 });
    const refused = await t.request('POST', '/api/v1/payout/paypal/paypal', {
      token: org.token,
      body: { address: 'farmer@paypal.test', amountUsd: '10.00' },
    });
    expect(refused.status).toBe(402);
    expect(refused.body.field).toBe('amountUsd');
    expect(refused.body.message).toContain('you can withdraw at most $0.00; $10.00 was asked');

    // Even when an invitee pays $1 by card, the reward is usage credit: the balance shows it, no payout takes it.
    await payByCard(t, alt1.token, '1');
    expect((await t.request('POST', '/api/v1/claimRewards', { token: org.token, body: { claim: 'referrals' } })).body).toMatchObject({
      claimed: REFERRAL_REWARD_MICRO_USD,
      balance: REFERRAL_REWARD_MICRO_USD,
    });
    expect(await wallet(org.token)).toMatchObject({
      balance: REFERRAL_REWARD_MICRO_USD,
      withdrawable: 0,
      promotional: REFERRAL_REWARD_MICRO_USD,
    });
    const again = await t.request('POST', '/api/v1/payout/paypal/paypal', {
      token: org.token,
      body: { address: 'farmer@paypal.test', amountUsd: '5.00' },
    });
    expect(again.status).toBe(402);
    expect(again.body.message).toContain('you can withdraw at most $0.00; $5.00 was asked');
    expect(again.body.message).toContain('$5.00 of reward credit');
    expect(await walletBalance(t.database.db, org.id)).toBe(0);
    expect(await t.database.db.selectFrom('payouts').select('id').where('account_id', '=', org.id).execute()).toEqual([]);
  });

  it('parallel payouts take only withdrawable money, never the reward credit', async () => {
    const org = await t.signUp('racer@self.test', { businessName: 'Race Farm' });
    await invite('racealt@self.test', org.token);
    const alt = await t.signUp('racealt@self.test', { businessName: 'Race Alt' });
    await payByCard(t, alt.token, '2');
    await claim(org.id);
    await fundWallet(t.database.db, org.id, 3_000_000);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.request('POST', '/api/v1/payout/paypal/paypal', { token: org.token, body: { address: 'racer@paypal.test', amountUsd: '1.00' } }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.status !== 200).every((a) => a.status === 402)).toBe(true);
    expect(await walletBalance(t.database.db, org.id)).toBe(0);
    expect(await promoBalance(t.database.db, org.id)).toBe(REFERRAL_REWARD_MICRO_USD);
    expect(answers.find((a) => a.status === 200)!.body).toMatchObject({ withdrawableUsd: expect.any(String) });
  });
});

describe('referral rewards', () => {
  it('earns nothing until the invited person joins and pays', async () => {
    await invite('pal@joins.test');
    await invite('shy@never.test');
    expect((await rewards()).body).toMatchObject({ earnedMicroUsd: 0, claimableMicroUsd: 0 });
    await t.signUp('pal@joins.test', { businessName: 'Pal Pies' });
    expect((await rewards()).body).toMatchObject({ joined: 1, earnedMicroUsd: 0, claimableMicroUsd: 0 });
    expect(await claim()).toMatchObject({ claimedMicroUsd: 0, claimed: 0 });
  });

  it('an invitee who pays earns the reward exactly once under 20 parallel payments and claims', async () => {
    const pal = await t.signIn('pal@joins.test');
    const startPromo = await promoBalance(t.database.db, owner.id);
    const runs = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? payByCard(t, pal.token, '1').then(() => null) : claim())),
    );
    const last = await claim();
    const claimedTotal = runs.reduce((s, r) => s + (r?.claimedMicroUsd ?? 0), 0) + last.claimedMicroUsd;
    expect(claimedTotal).toBe(REFERRAL_REWARD_MICRO_USD);
    expect(await promoBalance(t.database.db, owner.id)).toBe(startPromo + REFERRAL_REWARD_MICRO_USD);
    const body = (await rewards()).body;
    expect(body).toMatchObject({
      earnedMicroUsd: REFERRAL_REWARD_MICRO_USD,
      claimedMicroUsd: REFERRAL_REWARD_MICRO_USD,
      claimableMicroUsd: 0,
    });
    const pal1 = body.invites.find((i: { target: string }) => i.target === 'pal@joins.test');
    expect(pal1.paidAt).toBeGreaterThan(0);
    expect(pal1.claimedAt).toBeGreaterThan(0);
    expect(body.rules).toMatchObject({
      rewardMicroUsd: REFERRAL_REWARD_MICRO_USD,
      perMonth: REFERRAL_REWARDS_PER_MONTH,
      rewardedThisMonth: 1,
    });
    const invites = await t.database.db.selectFrom('referral_invites').select('id').where('account_id', '=', owner.id).execute();
    const mine = (await rewardTransfers()).filter((r) => invites.some((i) => r.idempotency_key === `reward:referral:${i.id}`));
    expect(mine).toHaveLength(1);
    expect(await claimableReferralRewards(t.database.db, owner.id)).toBe(0);
  });

  it('usage spends the reward credit first, then the wallet', async () => {
    await subscribeToMeteredPlan(t.database.db, owner.id, {
      tokens: { type: 'graduated', unit: 'token', tiers: [{ quantityMin: 1, quantityMax: null, price: 1_000_000 }] },
    });
    await fundWallet(t.database.db, owner.id, 4_000_000);
    const promo = await promoBalance(t.database.db, owner.id);
    expect(promo).toBe(REFERRAL_REWARD_MICRO_USD);
    const use = (key: string, quantity: number) => chargeUsage(t.database.db, null, { accountId: owner.id, item: 'tokens', quantity, key });
    expect(await use('promo-a', 3)).toEqual({ charged: 3_000_000 });
    expect(await promoBalance(t.database.db, owner.id)).toBe(2_000_000);
    expect(await walletBalance(t.database.db, owner.id)).toBe(4_000_000);
    // $3 more: the last $2 of credit, then $1 from the wallet; a repeat of the key charges nothing.
    expect(await use('promo-b', 3)).toEqual({ charged: 3_000_000 });
    expect(await use('promo-b', 3)).toEqual({ charged: 0 });
    expect(await promoBalance(t.database.db, owner.id)).toBe(0);
    expect(await walletBalance(t.database.db, owner.id)).toBe(3_000_000);
    expect(await wallet()).toMatchObject({ balance: 3_000_000, withdrawable: 3_000_000, promotional: 0 });
    // More than both together is refused and takes nothing.
    await expect(use('promo-c', 4)).rejects.toMatchObject({ code: 'payment_required' });
    expect(await walletBalance(t.database.db, owner.id)).toBe(3_000_000);
    const kinds = (await wallet()).transactions
      .filter((x: { kind: string }) => x.kind === 'charge')
      .map((x: { amount: number }) => x.amount);
    expect(kinds).toEqual(expect.arrayContaining([-3_000_000, -2_000_000, -1_000_000]));
  });

  it(`caps rewards at ${REFERRAL_REWARDS_PER_MONTH} per account per month, however many invitees pay at once`, async () => {
    const org = await t.signUp('popular@cap.test', { businessName: 'Popular Co' });
    const now = Date.now();
    const rows = await t.database.db
      .insertInto('referral_invites')
      .values(
        Array.from({ length: REFERRAL_REWARDS_PER_MONTH + 3 }, (_, i) => ({
          account_id: org.id,
          user_id: org.id,
          channel: 'email',
          target: `invitee${i}@cap.test`,
          joined_account_id: 900_000 + i,
          joined_at: now,
          reward_micro_usd: null,
          rewarded_at: null,
          claimed_at: null,
          code_hash: null,
          created_at: now,
        })),
      )
      .returning('id')
      .execute();
    const results = await Promise.all(
      rows.map((_, i) =>
        t.database.db
          .transaction()
          .execute((trx) => qualifyReferral(trx, { accountId: 900_000 + i, amount: 1_000_000, method: 'card', purpose: 'credit' })),
      ),
    );
    expect(results.filter((r) => r > 0)).toHaveLength(REFERRAL_REWARDS_PER_MONTH);
    expect(results.filter((r) => r === 0)).toHaveLength(3);
    expect((await claim(org.id)).claimedMicroUsd).toBe(REFERRAL_REWARDS_PER_MONTH * REFERRAL_REWARD_MICRO_USD);
    // A payment below the qualifying amount earns nothing.
    const small = await t.database.db
      .transaction()
      .execute((trx) => qualifyReferral(trx, { accountId: 900_000, amount: 500_000, method: 'lightning', purpose: 'credit' }));
    expect(small).toBe(0);
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
    const before = await wallet();
    expect((await t.request('GET', '/api/v1/mobileContacts', { token: stranger.token, query: { targetAccountId: owner.id } })).status).toBe(
      403,
    );
    const own = await t.request('GET', '/api/v1/mobileContacts', { token: stranger.token });
    expect(own.body.contacts).toEqual([]);
    expect((await claim(stranger.id)).claimedMicroUsd).toBe(0);
    expect((await rewards(stranger.token)).body).toMatchObject({ earnedMicroUsd: 0, invites: [] });
    expect((await wallet()).balance).toBe(before.balance);
    expect(await ledger.balance(t.database.db, `promo:${stranger.id}`)).toBe(0);
  });
});
