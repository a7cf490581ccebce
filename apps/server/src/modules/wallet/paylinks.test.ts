import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../../testing/harness.ts';
import { expectLedgerBalanced, payByCard, promoBalance, walletBalance } from '../../testing/money.ts';

/** Pay links by username (Lightning and card, anyone may pay) and rewards claimed through the ledger. */
let t: TestApp;
let owner: Session;
let username: string;
const urls = { successUrl: 'http://localhost:3000/payto/x?paid=1', cancelUrl: 'http://localhost:3000/payto/x' };

beforeAll(async () => {
  t = await createTestApp({ JOBS_AUTOSTART: 'false' });
  owner = await t.signUp('owner@paylink.test', { businessName: 'Paylink Co' });
  username = (await t.request('GET', '/api/v1/account', { token: owner.token })).body.username;
}, 60_000);
afterAll(async () => {
  await expectLedgerBalanced(t.database.db);
  await t?.close();
});
const balance = () => walletBalance(t.database.db, owner.id);
const totalBalance = async () => (await t.request('GET', '/api/v1/recentTransactions', { token: owner.token })).body.balance as number;

describe('pay links', () => {
  it('finds the account by username (404 when there is none) and gives the owner its slug', async () => {
    const found = await t.request('GET', `/api/v1/account/${username}`);
    expect(found.body).toMatchObject({ success: true, account: { username, slug: username, name: 'Paylink Co' } });
    expect((await t.request('GET', '/api/v1/account/no-such-user-here')).status).toBe(404);
    const slug = await t.request('POST', '/api/v1/fetchPaymentSlug', { token: owner.token, body: {} });
    expect(slug.body).toEqual({ success: true, slug: username, url: `http://localhost:3000/payto/${username}` });
    expect((await t.request('POST', '/api/v1/fetchPaymentSlug', { body: {} })).status).toBe(401);
  });

  it('a visitor pays by Lightning on the pay link: the account is credited once and its own pending invoice stays', async () => {
    const own = await t.request('POST', '/api/v1/requestInvoice', { token: owner.token, body: { amount: '1' } });
    const start = await balance();
    const inv = await t.request('POST', '/api/v1/requestInvoice', { body: { amount: '2.50', slug: username } });
    expect(inv.status).toBe(200);
    // The spec's Invoice fields: the unit it was asked in and the pay link's slug (none on the owner's own).
    expect(inv.body.invoice).toMatchObject({ amountUsd: '2.50', status: 'pending', unit: 'USD', slug: username });
    expect(own.body.invoice).toMatchObject({ unit: 'USD', slug: null });
    const sats = await t.request('POST', '/api/v1/requestInvoice', { body: { amount: 1000, unit: 'SAT', slug: username.toUpperCase() } });
    expect(sats.body.invoice).toMatchObject({ unit: 'SAT', slug: username, amountMsat: 1_000_000 });
    const paid = await t.request('POST', '/api/dev/lightning/pay', { body: { invoice: inv.body.invoice.invoice } });
    expect(paid.status).toBe(200);
    expect(await balance()).toBe(start + 2_500_000);
    const pending = (await t.request('GET', '/api/v1/pendingInvoice', { token: owner.token })).body.invoice;
    expect(pending).toMatchObject({ invoice: own.body.invoice.invoice, unit: 'USD', slug: null });
    expect((await t.request('POST', '/api/v1/requestInvoice', { body: { amount: '1', slug: 'no-such-user-here' } })).status).toBe(404);
    expect((await t.request('POST', '/api/v1/requestInvoice', { body: { amount: '1' } })).status).toBe(401);
  });

  it('a visitor pays by card on the pay link', async () => {
    const start = await balance();
    const co = await t.request('POST', '/api/v1/checkout/vidaCredit', { body: { amount: '3', currency: 'usd', slug: username, ...urls } });
    expect(co.status).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: `/pay/checkout/${co.body.sessionId}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(res.statusCode).toBe(303);
    expect(await balance()).toBe(start + 3_000_000);
  });
});

describe('rewards', () => {
  it('pays each referral whose invitee became a paying customer once, into reward credit', async () => {
    expect((await t.request('POST', '/api/v1/claimRewards', { token: owner.token, body: { claim: 'all' } })).body).toMatchObject({
      claimed: 0,
    });
    expect((await t.request('POST', '/api/v1/sendInvite', { token: owner.token, body: { target: 'friend@paylink.test' } })).status).toBe(
      200,
    );
    const friend = await t.signUp('friend@paylink.test', { businessName: 'Friend Co' });
    // Joining earns nothing; the friend's first payment does.
    expect((await t.request('POST', '/api/v1/claimRewards', { token: owner.token, body: { claim: 'referrals' } })).body.claimed).toBe(0);
    await payByCard(t, friend.token, '1');
    const start = await totalBalance();
    const first = await t.request('POST', '/api/v1/claimRewards', { token: owner.token, body: { claim: 'referrals' } });
    expect(first.body).toMatchObject({ success: true, claimed: 5_000_000, claimedUsd: '5.00' });
    const again = await Promise.all(
      [1, 2].map(() => t.request('POST', '/api/v1/claimRewards', { token: owner.token, body: { claim: 'referrals' } })),
    );
    expect(again.map((r) => r.body.claimed)).toEqual([0, 0]);
    expect(await totalBalance()).toBe(start + 5_000_000);
    // Reward credit: in the balance, not in what can be withdrawn.
    expect(await promoBalance(t.database.db, owner.id)).toBe(5_000_000);
    expect((await t.request('POST', '/api/v1/claimRewards', { token: owner.token, body: { claim: 'bitcoin' } })).body.field).toBe('claim');
  });

  it("another tree's token claims nothing into this wallet", async () => {
    const other = await t.signUp('other@paylink.test', { businessName: 'Other Tree' });
    const start = await totalBalance();
    const res = await t.request('POST', '/api/v1/claimRewards', { token: other.token, body: { targetAccountId: owner.id, claim: 'all' } });
    expect([403, 404]).toContain(res.status);
    expect(await totalBalance()).toBe(start);
  });
});

describe('pay-link rate limit', () => {
  it('limits invoice creation by slug per client to 20 a minute; the owner’s own top-ups are not counted', async () => {
    const before = await t.database.db
      .selectFrom('lightning_invoices')
      .select(({ fn }) => fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    // Earlier tests in this file used a few of the 20; ask until refused.
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++)
      statuses.push((await t.request('POST', '/api/v1/requestInvoice', { body: { amount: '1', slug: username } })).status);
    expect(statuses).toContain(429);
    const ok = statuses.filter((s) => s === 200).length;
    expect(ok).toBeLessThanOrEqual(20);
    expect(statuses.slice(statuses.indexOf(429)).every((s) => s === 429)).toBe(true);
    const after = await t.database.db
      .selectFrom('lightning_invoices')
      .select(({ fn }) => fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n) - Number(before.n)).toBe(ok);
    // The owner's own invoice (no slug) is not limited.
    expect((await t.request('POST', '/api/v1/requestInvoice', { token: owner.token, body: { amount: '1' } })).status).toBe(200);
  });
});
