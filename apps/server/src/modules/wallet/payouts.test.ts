import crypto from 'node:crypto';
import bolt11 from 'bolt11';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGTEST } from '../../platform/providers/lightning/index.ts';
import { LocalLightningNode } from '../../platform/providers/lightning/local.ts';
import { createTestApp, type Session, type TestApp } from '../../testing/harness.ts';
import { expectLedgerBalanced, fundWallet, walletBalance } from '../../testing/money.ts';
import { ledger, PLATFORM_ACCOUNTS } from './index.ts';

/** Withdrawals through the local payout processor: holds, states, idempotency, concurrency, other trees. */
let t: TestApp;
let owner: Session;
let other: Session;
const key = () => Math.random().toString(36).slice(2);

beforeAll(async () => {
  t = await createTestApp({ JOBS_AUTOSTART: 'false' });
  owner = await t.signUp('owner@payouts.test', { businessName: 'Payout Co' });
  other = await t.signUp('owner@other-payouts.test', { businessName: 'Other Tree' });
}, 60_000);
afterAll(async () => {
  await expectLedgerBalanced(t.database.db);
  await t?.close();
});

const fund = (s: Session, usd: number) => fundWallet(t.database.db, s.id, usd * 1_000_000);
const balance = (s: Session) => walletBalance(t.database.db, s.id);
const held = () => ledger.balance(t.database.db, PLATFORM_ACCOUNTS.pendingPayouts);
const settle = (payoutId: string, status: string) => t.request('POST', '/api/dev/payouts/settle', { body: { payoutId, status } });
const paypal = (s: Session, body: Record<string, unknown>, method = 'paypal') =>
  t.request('POST', `/api/v1/payout/paypal/${method}`, { token: s.token, body });

describe('PayPal and Venmo payouts through the local processor', () => {
  it('holds the amount while pending, and paid moves it out once', async () => {
    await fund(owner, 20);
    const heldBefore = await held();
    const res = await paypal(owner, { address: 'me@paypal.test', amountUsd: '7.50' });
    expect(res.status).toBe(200);
    expect(res.body.payout).toMatchObject({ method: 'paypal', status: 'pending', amountUsd: '7.50' });
    expect(res.body.balanceUsd).toBe('12.50');
    expect((await held()) - heldBefore).toBe(7_500_000);
    expect((await settle(res.body.payout.id, 'paid')).body.moved).toBe(true);
    // Reported twice, then a late failure: nothing more moves.
    expect((await settle(res.body.payout.id, 'paid')).body.moved).toBe(false);
    await t.services.wallet.payouts.settlePayout(res.body.payout.id, 'failed', 'late', 'evt-late-fail');
    await t.services.wallet.payouts.settlePayout(res.body.payout.id, 'failed', 'late', 'evt-late-fail');
    expect(await balance(owner)).toBe(12_500_000);
    expect(await held()).toBe(heldBefore);
    const list = await t.request('GET', '/api/v1/payouts', { token: owner.token });
    expect(list.body.payouts[0]).toMatchObject({ id: res.body.payout.id, status: 'paid' });
    // The transaction list says where the money went, in words.
    const tx = await t.request('GET', '/api/v1/recentTransactions', { token: owner.token });
    expect(tx.body.transactions.map((x: { memo: string | null }) => x.memo)).toContain('Withdrawal to PayPal');
  });

  it('a failed payout puts the money back once; a returned one after paid too', async () => {
    const start = await balance(owner);
    const failed = await paypal(owner, { address: '+14155550100', amountUsd: 2 }, 'venmo');
    expect(failed.body.payout).toMatchObject({ method: 'venmo', status: 'pending' });
    expect(await balance(owner)).toBe(start - 2_000_000);
    await settle(failed.body.payout.id, 'failed');
    await settle(failed.body.payout.id, 'failed');
    expect(await balance(owner)).toBe(start);

    const returned = await paypal(owner, { address: 'me@paypal.test', amountUsd: 3 });
    await settle(returned.body.payout.id, 'paid');
    expect(await balance(owner)).toBe(start - 3_000_000);
    await settle(returned.body.payout.id, 'returned');
    await settle(returned.body.payout.id, 'returned');
    expect(await balance(owner)).toBe(start);
    const kinds = (await t.request('GET', '/api/v1/recentTransactions', { token: owner.token })).body.transactions.map(
      (x: { kind: string }) => x.kind,
    );
    // Paid moves the held money on (pending → sent), so the wallet sees the hold and the return.
    expect(kinds.slice(0, 3)).toEqual(['payout_returned', 'payout', 'payout_failed']);
  });

  it('the same idempotency key withdraws once; amounts are checked', async () => {
    const start = await balance(owner);
    const k = key();
    const [a, b] = await Promise.all([
      paypal(owner, { address: 'x@paypal.test', amountUsd: 1, idempotencyKey: k }),
      paypal(owner, { address: 'x@paypal.test', amountUsd: 1, idempotencyKey: k }),
    ]);
    expect(a.body.payout.id).toBe(b.body.payout.id);
    expect(await balance(owner)).toBe(start - 1_000_000);
    expect((await paypal(owner, { address: 'x@paypal.test', amountUsd: 'ten' })).body.field).toBe('amountUsd');
    expect((await paypal(owner, { address: 'x@paypal.test', amountUsd: '0.50' })).status).toBe(400);
    const tooMuch = await paypal(owner, { address: 'x@paypal.test', amountUsd: 100_000 });
    expect(tooMuch.status).toBe(400);
    const over = await paypal(owner, { address: 'x@paypal.test', amountUsd: (start + 2_000_000) / 1_000_000 });
    expect(over.status).toBe(402);
    expect(await balance(owner)).toBe(start - 1_000_000);
  });

  it('100 concurrent $1 withdrawals against $60 of balance: exactly 60 go out, none overdraws', async () => {
    const s = await t.signUp(`race-${key()}@payouts.test`, { businessName: 'Race Co' });
    await fund(s, 60);
    const results = await Promise.all(Array.from({ length: 100 }, () => paypal(s, { address: 'race@paypal.test', amountUsd: 1 })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(60);
    expect(results.filter((r) => r.status === 402)).toHaveLength(40);
    expect(await balance(s)).toBe(0);
    const rows = await t.database.db.selectFrom('payouts').select('id').where('account_id', '=', s.id).execute();
    expect(rows).toHaveLength(60);
  }, 60_000);
});

describe('Lightning withdrawal', () => {
  it('pays a BOLT11 invoice: its worth at the rate leaves the wallet; bad, amountless and expired invoices are refused', async () => {
    await fund(owner, 1);
    const node = t.services.wallet.lightning as LocalLightningNode;
    const inv = await node.createInvoice({ amountMsat: 46_511, description: 'payee', expirySeconds: 600 });
    const start = await balance(owner);
    const res = await t.request('POST', '/api/v1/requestWithdrawal', { token: owner.token, body: { address: inv.bolt11, type: 'ln' } });
    expect(res.status).toBe(200);
    expect(res.body.payout).toMatchObject({ method: 'lightning', status: 'pending' });
    // 46,511 msat at 0.00043 USD/sat is worth 19,999.73 micro-USD, rounded up for the payer.
    expect(start - (await balance(owner))).toBe(res.body.payout.amount);
    expect(res.body.payout.amount).toBe(20_000);
    const bad = await t.request('POST', '/api/v1/requestWithdrawal', {
      token: owner.token,
      body: { address: 'lnbcrt1notaninvoice', type: 'ln' },
    });
    expect(bad).toMatchObject({ status: 400, body: { field: 'address' } });
    expect(
      (await t.request('POST', '/api/v1/requestWithdrawal', { token: owner.token, body: { address: inv.bolt11, type: 'onchain' } })).body
        .field,
    ).toBe('type');
    // An invoice signed two hours ago that expired after one.
    const old = bolt11.encode({
      network: REGTEST,
      millisatoshis: '50000',
      timestamp: Math.floor(Date.now() / 1000) - 7200,
      tags: [
        { tagName: 'payment_hash', data: crypto.randomBytes(32).toString('hex') },
        { tagName: 'payment_secret', data: crypto.randomBytes(32).toString('hex') },
        { tagName: 'description', data: 'old' },
        { tagName: 'expire_time', data: 3600 },
      ],
    });
    const signed = bolt11.sign(old, crypto.randomBytes(32).toString('hex')).paymentRequest!;
    const expired = await t.request('POST', '/api/v1/requestWithdrawal', { token: owner.token, body: { address: signed, type: 'ln' } });
    expect(expired).toMatchObject({ status: 422, body: { field: 'address', message: 'That invoice has expired.' } });
    expect(await balance(owner)).toBe(start - 20_000);
  });
});

describe('Stripe Connect through the local stand-in', () => {
  it('connects on the onboarding page (success and failure pages), then transfers funds', async () => {
    const urls = {
      successUrl: 'http://localhost:3000/app/stripePayoutConnectSuccess',
      failureUrl: 'http://localhost:3000/app/stripePayoutConnectFailure',
    };
    expect((await t.request('GET', '/api/v1/payout/stripe/checkConnectedAccount', { token: owner.token })).body).toMatchObject({
      connected: false,
      onboardingStarted: false,
    });
    expect((await t.request('POST', '/api/v1/payout/stripe/transferFunds', { token: owner.token, body: { amountUsd: 1 } })).status).toBe(
      422,
    );
    const link = await t.request('POST', '/api/v1/payout/stripe/connectAccount', { token: owner.token, body: urls });
    expect(link.body.url).toMatch(/^\/pay\/connect\/lca_/);
    const page = await t.app.inject({ method: 'GET', url: link.body.url });
    expect(page.body).toContain('Finish onboarding');
    const post = (u: string) =>
      t.app.inject({ method: 'POST', url: u, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect((await post(`${link.body.url}/abandon`)).headers.location).toBe(urls.failureUrl);
    expect((await t.request('GET', '/api/v1/payout/stripe/checkConnectedAccount', { token: owner.token })).body.connected).toBe(false);
    expect((await post(`${link.body.url}/finish`)).headers.location).toBe(urls.successUrl);
    expect((await t.request('GET', '/api/v1/payout/stripe/checkConnectedAccount', { token: owner.token })).body.connected).toBe(true);
    const start = await balance(owner);
    const tr = await t.request('POST', '/api/v1/payout/stripe/transferFunds', { token: owner.token, body: { amountUsd: '1.25' } });
    expect(tr.body.payout).toMatchObject({ method: 'stripe', status: 'pending', amountUsd: '1.25' });
    await settle(tr.body.payout.id, 'paid');
    expect(await balance(owner)).toBe(start - 1_250_000);
  });
});

describe('authorization', () => {
  it("another tree's token withdraws nothing from this wallet and sees none of its payouts", async () => {
    const start = await balance(owner);
    const q = { targetAccountId: owner.id };
    const res = await paypal(other, { ...q, address: 'thief@paypal.test', amountUsd: 1 });
    expect([403, 404]).toContain(res.status);
    expect([403, 404]).toContain((await t.request('GET', '/api/v1/payouts', { token: other.token, query: q })).status);
    const own = await t.request('GET', '/api/v1/payouts', { token: other.token });
    expect(own.body.payouts).toEqual([]);
    expect(await balance(owner)).toBe(start);
  });

  it('a member without the owner flag withdraws nothing', async () => {
    await t.request('POST', '/api/v2/inviteAdminUser', { token: owner.token, body: { email: 'member@payouts.test' } });
    const member = await t.signIn('member@payouts.test');
    const start = await balance(owner);
    expect((await paypal(member, { targetAccountId: owner.id, address: 'm@paypal.test', amountUsd: 1 })).status).toBe(403);
    expect(await balance(owner)).toBe(start);
  });
});
