import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalPayments } from '../../platform/providers/payments/local.ts';
import { createTestApp, type Session, type TestApp } from '../../testing/harness.ts';
import { ledger, PLATFORM_ACCOUNTS } from '../wallet/index.ts';
import { periodEnd } from './index.ts';

let t: TestApp;
let owner: Session;
let other: Session;
const urls = { successUrl: 'http://localhost:3000/app/paymentSuccess', cancelUrl: 'http://localhost:3000/app/paymentCancel' };

beforeAll(async () => {
  t = await createTestApp({ JOBS_AUTOSTART: 'false' });
  owner = await t.signUp('owner@billing.test', { businessName: 'Billing Co' });
  other = await t.signUp('owner@another.test', { businessName: 'Another' });
}, 60_000);
afterAll(async () => {
  expect(await ledger.check(t.database.db)).toMatchObject({ total: 0, mismatched: [] });
  await t?.close();
});

const pay = (sessionId: string) =>
  t.app.inject({
    method: 'POST',
    url: `/pay/checkout/${sessionId}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });

describe('plans', () => {
  it('lists the catalog with product items and pricing tiers', async () => {
    const r = await t.request('GET', '/api/v2/product/productCatalog', { token: owner.token });
    expect(r.status).toBe(200);
    expect(r.body.productPlans.map((p: { name: string }) => p.name)).toEqual(['Pro', 'Business']);
    const pro = r.body.productPlans[0];
    expect(pro).toMatchObject({ priceMonth: 49_000_000, priceMonthUsd: '49.00', ownerAccountId: null });
    expect(pro.productItems.voiceMinutes).toEqual({
      type: 'graduated',
      unit: 'minute',
      tiers: [
        { quantityMin: 0, quantityMax: 500, price: 0 },
        { quantityMin: 501, quantityMax: null, price: 100_000 },
      ],
    });
    const one = await t.request('GET', `/api/v2/product/productCatalog/${pro.productPlanId}`, { token: owner.token });
    expect(one.body.productPlan.name).toBe('Pro');
    expect((await t.request('GET', '/api/v2/product/productCatalog/999999', { token: owner.token })).status).toBe(404);
    expect((await t.request('GET', '/api/v2/product/allAvailablePlans', { token: owner.token })).body.productPlans).toHaveLength(2);
    expect((await t.request('GET', '/api/v2/product/offeredPlan', { token: owner.token })).body.productPlan).toBeNull();
  });

  it('subscribes through the checkout: paid once, the plan is current and the organization premium', async () => {
    const before = await t.request('GET', '/api/v2/product/currentPlan', { token: owner.token });
    expect(before.body).toMatchObject({ productPlan: null, subscription: null, vidaPremium: false });
    const catalog = (await t.request('GET', '/api/v2/product/productCatalog', { token: owner.token })).body.productPlans;
    const sub = await t.request('POST', '/api/v2/product/subscribe', {
      token: owner.token,
      body: { productPlanId: catalog[0].productPlanId, ...urls },
    });
    expect(sub.status).toBe(200);
    expect(sub.body).toMatchObject({ subscribed: false });
    const page = await t.app.inject({ method: 'GET', url: `/pay/checkout/${sub.body.sessionId}` });
    expect(page.body).toContain('Pay $49.00');
    const revenueBefore = await ledger.balance(t.database.db, PLATFORM_ACCOUNTS.revenue);
    expect((await pay(sub.body.sessionId)).statusCode).toBe(303);
    // The processor repeats its event: still one subscription and one payment.
    const local = t.services.wallet.payments as LocalPayments;
    await local.send({
      id: 'evt_repeat',
      type: 'checkout.completed',
      sessionId: sub.body.sessionId,
      reference: 'x',
      amount: 49_000_000,
      created: Date.now(),
    });

    const now = await t.request('GET', '/api/v2/product/currentPlan', { token: owner.token });
    expect(now.body).toMatchObject({ productPlan: { name: 'Pro' }, subscription: { term: 'month', status: 'active' }, vidaPremium: true });
    expect((await t.request('GET', '/api/v1/account', { token: owner.token })).body.vidaPremium).toBe(true);
    expect(await ledger.balance(t.database.db, PLATFORM_ACCOUNTS.revenue)).toBe(revenueBefore + 49_000_000);
    const rows = await t.database.db.selectFrom('subscriptions').select('id').where('account_id', '=', owner.id).execute();
    expect(rows).toHaveLength(1);
    // The wallet was not touched: the card paid the plan. The payment is in the transactions all the same
    // (once, though the event came twice), as money the account paid.
    const recent = (await t.request('GET', '/api/v1/recentTransactions', { token: owner.token })).body;
    expect(recent.balance).toBe(0);
    expect(recent.transactions.filter((x: { kind: string }) => x.kind === 'subscription')).toEqual([
      expect.objectContaining({ kind: 'subscription', amount: -49_000_000, amountUsd: '-49.00', memo: 'Plan paid by card' }),
    ]);

    const again = await t.request('POST', '/api/v2/product/subscribe', {
      token: owner.token,
      body: { productPlanId: catalog[0].productPlanId, ...urls },
    });
    expect(again.status).toBe(422);
  });

  it('opens the billing portal and cancels with a reason', async () => {
    const link = await t.request('POST', '/api/v1/getBillingCustomerPortalLink', {
      token: owner.token,
      body: { redirectUrl: 'http://localhost:3000/app' },
    });
    expect(link.status).toBe(200);
    const portal = await t.app.inject({ method: 'GET', url: link.body.url });
    expect(portal.body).toContain('Plan: Pro (billed each month)');

    expect((await t.request('DELETE', '/api/v1/vidaPro/cancel', { token: owner.token })).body.field).toBe('reason');
    const cancelled = await t.request('DELETE', '/api/v1/vidaPro/cancel', {
      token: owner.token,
      query: { reason: 'Too expensive', details: 'Back next year' },
    });
    expect(cancelled.status).toBe(200);
    expect((await t.request('GET', '/api/v2/product/currentPlan', { token: owner.token })).body).toMatchObject({
      productPlan: null,
      vidaPremium: false,
    });
    const row = await t.database.db.selectFrom('subscriptions').selectAll().where('account_id', '=', owner.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'canceled', cancel_reason: 'Too expensive', cancel_details: 'Back next year' });
    expect((await t.request('DELETE', '/api/v1/vidaPro/cancel', { token: owner.token, query: { reason: 'again' } })).status).toBe(422);
  });

  it('names the field of malformed input', async () => {
    const bad = await t.request('POST', '/api/v2/product/subscribe', { token: owner.token, body: { productPlanId: 'x', ...urls } });
    expect(bad.body.field).toBe('productPlanId');
    const term = await t.request('POST', '/api/v2/product/subscribe', {
      token: owner.token,
      body: { productPlanId: 1, term: 'week', ...urls },
    });
    expect(term.body.field).toBe('term');
  });
});

describe('billing authorization', () => {
  it("another tree's token reads and changes nothing", async () => {
    const q = { targetAccountId: owner.id };
    expect((await t.request('GET', '/api/v2/product/currentPlan', { token: other.token, query: q })).status).toBe(403);
    expect(
      (await t.request('POST', '/api/v2/product/subscribe', { token: other.token, body: { ...q, productPlanId: 1, ...urls } })).status,
    ).toBe(403);
    expect((await t.request('DELETE', '/api/v1/vidaPro/cancel', { token: other.token, query: { ...q, reason: 'x' } })).status).toBe(403);
    expect(
      (
        await t.request('POST', '/api/v1/getBillingCustomerPortalLink', {
          token: other.token,
          body: { ...q, redirectUrl: 'http://localhost:3000/app' },
        })
      ).status,
    ).toBe(403);
  });

  it('a member without the owner flag sees no plans', async () => {
    await t.request('POST', '/api/v2/inviteAdminUser', { token: owner.token, body: { email: 'member@billing.test' } });
    const member = await t.signIn('member@billing.test');
    const q = { targetAccountId: owner.id };
    expect((await t.request('GET', '/api/v2/product/productCatalog', { token: member.token, query: q })).status).toBe(403);
    expect(
      (await t.request('POST', '/api/v2/product/subscribe', { token: member.token, body: { ...q, productPlanId: 1, ...urls } })).status,
    ).toBe(403);
  });
});

describe('periodEnd', () => {
  it('adds a month or a year, clamping to the month end', () => {
    expect(new Date(periodEnd(Date.UTC(2026, 0, 31, 12), 'month')).toISOString()).toBe('2026-02-28T12:00:00.000Z');
    expect(new Date(periodEnd(Date.UTC(2028, 1, 29), 'year')).toISOString()).toBe('2029-02-28T00:00:00.000Z');
    expect(new Date(periodEnd(Date.UTC(2026, 11, 15), 'month')).toISOString()).toBe('2027-01-15T00:00:00.000Z');
  });
});
