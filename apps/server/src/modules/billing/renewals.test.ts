import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalPayments } from '../../platform/providers/payments/local.ts';
import { createTestApp, type Session, type TestApp } from '../../testing/harness.ts';
import { expectLedgerBalanced, fundWallet } from '../../testing/money.ts';
import { ledger, PLATFORM_ACCOUNTS, walletCode } from '../wallet/index.ts';

/** Renewals from the wallet (the job), and the processor's renewal/failure webhooks twice and out of order. */
let t: TestApp;
let local: LocalPayments;
const urls = { successUrl: 'http://localhost:3000/app/paymentSuccess', cancelUrl: 'http://localhost:3000/app/paymentCancel' };
const PRO = 49_000_000;

beforeAll(async () => {
  t = await createTestApp({ JOBS_AUTOSTART: 'false' });
  local = t.services.wallet.payments as LocalPayments;
}, 60_000);
afterAll(async () => {
  await expectLedgerBalanced(t.database.db);
  await t?.close();
});

/** A new organization subscribed to Pro (monthly) through the local checkout. */
async function subscribed(email: string) {
  const s = await t.signUp(email, { businessName: 'Renew Co' });
  const pro = (await t.request('GET', '/api/v2/product/productCatalog', { token: s.token })).body.productPlans.find(
    (p: { name: string }) => p.name === 'Pro',
  );
  const co = await t.request('POST', '/api/v2/product/subscribe', { token: s.token, body: { productPlanId: pro.productPlanId, ...urls } });
  await t.app.inject({
    method: 'POST',
    url: `/pay/checkout/${co.body.sessionId}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
  const current = (await t.request('GET', '/api/v2/product/currentPlan', { token: s.token })).body;
  expect(current.vidaPremium).toBe(true);
  return { s, sessionId: co.body.sessionId as string, periodEnd: current.subscription.currentPeriodEnd as number };
}
const current = async (s: Session) => (await t.request('GET', '/api/v2/product/currentPlan', { token: s.token })).body;
const fund = (s: Session, micros: number) => fundWallet(t.database.db, s.id, micros);
const sub = (s: Session) => t.database.db.selectFrom('subscriptions').selectAll().where('account_id', '=', s.id).executeTakeFirstOrThrow();

describe('renewals from the wallet (the job)', () => {
  it('renews once per period; an unpaid renewal is past due without premium until the wallet pays', async () => {
    const { s, periodEnd } = await subscribed('wallet@renew.test');
    await fund(s, PRO);
    const after = periodEnd + 1;
    const first = await t.services.billing.renewDue(after);
    expect(first.renewed).toBeGreaterThanOrEqual(1);
    expect(await ledger.balance(t.database.db, walletCode(s.id))).toBe(0);
    const next = Number((await sub(s)).current_period_end);
    expect(next).toBeGreaterThan(periodEnd);
    await t.services.billing.renewDue(after);
    expect(Number((await sub(s)).current_period_end)).toBe(next);

    // The next period: the wallet is empty.
    await t.services.billing.renewDue(next + 1);
    expect((await sub(s)).status).toBe('past_due');
    expect((await current(s)).vidaPremium).toBe(false);
    const notes = await t.request('GET', '/api/v1/notifications', { token: s.token });
    expect(JSON.stringify(notes.body)).toContain('could not pay the Pro plan');
    await t.services.billing.renewDue(next + 2);
    expect(await ledger.balance(t.database.db, walletCode(s.id))).toBe(0);

    await fund(s, PRO);
    await t.services.billing.renewDue(next + 3);
    expect((await sub(s)).status).toBe('active');
    expect((await current(s)).vidaPremium).toBe(true);
    expect(await ledger.balance(t.database.db, walletCode(s.id))).toBe(0);
    const renewals = await t.database.db
      .selectFrom('ledger_transfers')
      .select('idempotency_key')
      .where('kind', '=', 'renewal')
      .where('idempotency_key', 'like', `renewal:${(await sub(s)).id}:%`)
      .execute();
    expect(renewals).toHaveLength(2);
  });

  it('a canceled subscription is not renewed', async () => {
    const { s, periodEnd } = await subscribed('cancel@renew.test');
    await fund(s, PRO);
    expect((await t.request('DELETE', '/api/v1/vidaPro/cancel', { token: s.token, query: { reason: 'Too expensive' } })).status).toBe(200);
    await t.services.billing.renewDue(periodEnd + 1);
    expect(await ledger.balance(t.database.db, walletCode(s.id))).toBe(PRO);
  });
});

describe("the processor's subscription webhooks", () => {
  it('renewed and payment failed, twice and out of order, change the ledger once and leave the plan paid', async () => {
    const { s, sessionId, periodEnd } = await subscribed('hooks@renew.test');
    const P2 = periodEnd + 30 * 86_400_000;
    const revenue = () => ledger.balance(t.database.db, PLATFORM_ACCOUNTS.revenue);
    const base = { sessionId, reference: `subscription:${s.id}`, amount: PRO, created: Date.now(), periodEnd: P2 };
    const failed = { ...base, id: `evt_fail_${s.id}`, type: 'subscription.payment_failed' as const };
    const renewed = { ...base, id: `evt_renew_${s.id}`, type: 'subscription.renewed' as const };

    // The failure arrives first: past due, premium off.
    await local.send(failed);
    expect((await sub(s)).status).toBe('past_due');
    expect((await current(s)).vidaPremium).toBe(false);
    const before = await revenue();
    await local.send(renewed);
    await local.send(renewed);
    await local.send({ ...renewed, id: `evt_renew_again_${s.id}` });
    await local.send({ ...failed, id: `evt_fail_late_${s.id}` });
    await local.send(failed);
    expect((await revenue()) - before).toBe(PRO);
    const row = await sub(s);
    expect(row.status).toBe('active');
    expect(Number(row.current_period_end)).toBe(P2);
    expect((await current(s)).vidaPremium).toBe(true);

    // An older period's renewal arriving late pays that period; the period end never moves back.
    await local.send({ ...renewed, id: `evt_renew_old_${s.id}`, periodEnd: periodEnd });
    expect(Number((await sub(s)).current_period_end)).toBe(P2);
  });
});
