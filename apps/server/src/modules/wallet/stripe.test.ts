import http from 'node:http';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../../testing/harness.ts';
import { ledger } from './index.ts';

/**
 * The Stripe adapter through the `stripe` package against a fake Stripe on 127.0.0.1 that speaks its
 * REST API (form-encoded requests, Bearer key, JSON objects), and Stripe-signed webhooks.
 */
const SECRET = 'sk_test_fake';
const WEBHOOK_SECRET = 'whsec_fake_secret';
let fake: http.Server;
const requests: { path: string; form: URLSearchParams; auth: string | undefined; idempotencyKey: string | undefined }[] = [];
let sessions = 0;
/** Payment intents of paid sessions (what the Checkout Sessions list answers by `payment_intent`). */
const intents = new Map<string, string>();
let t: TestApp;
let owner: Session;

function fakeStripe(req: http.IncomingMessage, res: http.ServerResponse) {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    const form = new URLSearchParams(body);
    requests.push({
      path: req.url ?? '',
      form,
      auth: req.headers.authorization,
      idempotencyKey: req.headers['idempotency-key'] as string | undefined,
    });
    const send = (status: number, obj: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_fake' }).end(JSON.stringify(obj));
    if (req.headers.authorization !== `Bearer ${SECRET}`)
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    if (req.method === 'POST' && req.url === '/v1/customers')
      return send(200, { id: 'cus_fake1', object: 'customer', metadata: { account: form.get('metadata[account]') } });
    if (req.method === 'POST' && req.url === '/v1/checkout/sessions') {
      const id = `cs_test_${++sessions}`;
      const amount = Number(form.get('line_items[0][price_data][unit_amount]'));
      return send(200, {
        id,
        object: 'checkout.session',
        url: `https://checkout.stripe.test/c/pay/${id}`,
        amount_total: amount,
        client_reference_id: form.get('client_reference_id'),
        customer: form.get('customer'),
      });
    }
    const url = new URL(req.url ?? '/', 'http://fake');
    if (req.method === 'GET' && url.pathname === '/v1/checkout/sessions') {
      const id = intents.get(url.searchParams.get('payment_intent') ?? '');
      const data = id ? [{ id, object: 'checkout.session', payment_intent: url.searchParams.get('payment_intent') }] : [];
      return send(200, { object: 'list', url: '/v1/checkout/sessions', has_more: false, data });
    }
    if (req.method === 'POST' && req.url === '/v1/billing_portal/sessions')
      return send(200, {
        id: 'bps_1',
        object: 'billing_portal.session',
        url: 'https://billing.stripe.test/p/session/bps_1',
        customer: form.get('customer'),
      });
    send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${req.url})` } });
  });
}

beforeAll(async () => {
  fake = http.createServer(fakeStripe);
  await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
  const port = (fake.address() as { port: number }).port;
  t = await createTestApp({
    JOBS_AUTOSTART: 'false',
    STRIPE_SECRET_KEY: SECRET,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: `http://127.0.0.1:${port}`,
  });
  owner = await t.signUp('owner@stripe.test', { businessName: 'Stripe Co' });
}, 60_000);
afterAll(async () => {
  expect(await ledger.check(t.database.db)).toMatchObject({ total: 0, mismatched: [] });
  await t?.close();
  fake?.close();
});

const urls = { successUrl: 'https://app.example/app/paymentSuccess', cancelUrl: 'https://app.example/app/paymentCancel' };
const stripe = new Stripe(SECRET);
function deliver(event: object, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  const header = stripe.webhooks.generateTestHeaderString({ payload, secret });
  return t.request('POST', '/api/v1/payments/webhook', {
    body: payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
  });
}
const completed = (id: string, sessionId: string, cents: number) => ({
  id,
  object: 'event',
  type: 'checkout.session.completed',
  created: Math.floor(Date.now() / 1000),
  data: { object: { id: sessionId, object: 'checkout.session', amount_total: cents, client_reference_id: `credit:${owner.id}` } },
});

describe('Stripe payments', () => {
  it('opens a Stripe Checkout session for the amount in cents, with one customer per account', async () => {
    const r = await t.request('POST', '/api/v1/checkout/vidaCredit', { token: owner.token, body: { amount: '10', ...urls } });
    expect(r.status).toBe(200);
    expect(r.body.url).toBe(`https://checkout.stripe.test/c/pay/${r.body.sessionId}`);
    const create = requests.find((q) => q.path === '/v1/checkout/sessions')!;
    expect(create.form.get('line_items[0][price_data][unit_amount]')).toBe('1000');
    expect(create.form.get('line_items[0][price_data][currency]')).toBe('usd');
    expect(create.form.get('success_url')).toBe(`${urls.successUrl}?session_id={CHECKOUT_SESSION_ID}`);
    expect(create.form.get('customer')).toBe('cus_fake1');
    await t.request('POST', '/api/v1/checkout/vidaCredit', { token: owner.token, body: { amount: '5', ...urls } });
    expect(requests.filter((q) => q.path === '/v1/customers')).toHaveLength(1);
    expect(requests.find((q) => q.path === '/v1/customers')!.idempotencyKey).toBe(`customer-${owner.id}`);
    // Stripe charges whole cents.
    expect(
      (await t.request('POST', '/api/v1/checkout/vidaCredit', { token: owner.token, body: { amount: '1.001', ...urls } })).body.field,
    ).toBe('amount');
  });

  it('credits the wallet once from a Stripe-signed webhook, delivered twice and with a late expiry', async () => {
    const r = await t.request('POST', '/api/v1/checkout/vidaCredit', { token: owner.token, body: { amount: '12.34', ...urls } });
    const event = completed('evt_1', r.body.sessionId, 1234);
    expect((await deliver(event)).body).toEqual({ success: true, handled: true });
    expect((await deliver(event)).body).toEqual({ success: true, handled: false });
    await deliver({ ...event, id: 'evt_2', type: 'checkout.session.expired' });
    const wallet = await t.request('GET', '/api/v1/recentTransactions', { token: owner.token });
    expect(wallet.body.balance).toBe(12_340_000);
    const status = await t.request('GET', '/api/v1/checkout/status', { token: owner.token, query: { sessionId: r.body.sessionId } });
    expect(status.body.checkout.status).toBe('paid');
  });

  it('refuses a webhook signed with another secret, and ignores event types it does not use', async () => {
    const r = await t.request('POST', '/api/v1/checkout/vidaCredit', { token: owner.token, body: { amount: '3', ...urls } });
    const forged = await deliver(completed('evt_forged', r.body.sessionId, 300), 'whsec_other');
    expect(forged.status).toBe(403);
    const other = await deliver({ ...completed('evt_3', r.body.sessionId, 300), type: 'customer.updated' });
    expect(other.body.handled).toBe(false);
    const status = await t.request('GET', '/api/v1/checkout/status', { token: owner.token, query: { sessionId: r.body.sessionId } });
    expect(status.body.checkout.status).toBe('open');
  });

  it('opens the Stripe billing portal for the customer', async () => {
    const r = await t.request('POST', '/api/v1/getBillingCustomerPortalLink', {
      token: owner.token,
      body: { redirectUrl: 'https://app.example/app/billing' },
    });
    expect(r.body.url).toBe('https://billing.stripe.test/p/session/bps_1');
    const sent = requests.find((q) => q.path === '/v1/billing_portal/sessions')!;
    expect(sent.form.get('customer')).toBe('cus_fake1');
    expect(sent.form.get('return_url')).toBe('https://app.example/app/billing');
    // The local checkout pages are not served while Stripe is the processor.
    expect((await t.app.inject({ method: 'GET', url: '/pay/checkout/cs_test_1' })).statusCode).toBe(404);
  });
});

describe('Stripe disputes and invoices', () => {
  const event = (id: string, type: string, object: object) => ({
    id,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });
  const balance = async (s: Session) => (await t.request('GET', '/api/v1/recentTransactions', { token: s.token })).body.balance as number;

  it('charge.dispute.created / closed take the disputed amount back once, delivered twice and out of order', async () => {
    const s = await t.signUp('dispute@stripe.test', { businessName: 'Disputed Co' });
    const r = await t.request('POST', '/api/v1/checkout/vidaCredit', { token: s.token, body: { amount: '20', ...urls } });
    await deliver({
      ...completed('evt_dp_paid', r.body.sessionId, 2000),
      data: { object: { id: r.body.sessionId, amount_total: 2000, client_reference_id: `credit:${s.id}` } },
    });
    expect(await balance(s)).toBe(20_000_000);
    intents.set('pi_dp_1', r.body.sessionId);
    const dispute = { id: 'dp_1', object: 'dispute', amount: 2000, currency: 'usd', payment_intent: 'pi_dp_1', charge: 'ch_1' };
    // An inquiry moves nothing.
    expect(
      (await deliver(event('evt_dp_inquiry', 'charge.dispute.created', { ...dispute, id: 'dp_inq', status: 'warning_needs_response' })))
        .body.handled,
    ).toBe(false);
    const created = event('evt_dp_created', 'charge.dispute.created', { ...dispute, status: 'needs_response' });
    expect((await deliver(created)).body.handled).toBe(true);
    expect((await deliver(created)).body.handled).toBe(false);
    expect(await balance(s)).toBe(0);
    const closed = event('evt_dp_closed', 'charge.dispute.closed', { ...dispute, status: 'won' });
    expect((await deliver(closed)).body.handled).toBe(true);
    await deliver(closed);
    await deliver(event('evt_dp_created_late', 'charge.dispute.created', { ...dispute, status: 'needs_response' }));
    await deliver(event('evt_dp_lost_late', 'charge.dispute.closed', { ...dispute, status: 'lost' }));
    expect(await balance(s)).toBe(20_000_000);
    expect(requests.some((q) => q.path.startsWith('/v1/checkout/sessions?') && q.path.includes('payment_intent=pi_dp_1'))).toBe(true);
  });

  it('invoice.paid and invoice.payment_failed renew or fail the subscription once, twice and out of order', async () => {
    const s = await t.signUp('invoice@stripe.test', { businessName: 'Invoiced Co' });
    const pro = (await t.request('GET', '/api/v2/product/productCatalog', { token: s.token })).body.productPlans.find(
      (p: { name: string }) => p.name === 'Pro',
    );
    const co = await t.request('POST', '/api/v2/product/subscribe', {
      token: s.token,
      body: { productPlanId: pro.productPlanId, ...urls },
    });
    const cents = 4900;
    await deliver({
      ...completed('evt_sub_paid', co.body.sessionId, cents),
      data: { object: { id: co.body.sessionId, amount_total: cents, client_reference_id: `subscription:${s.id}` } },
    });
    const current = async () => (await t.request('GET', '/api/v2/product/currentPlan', { token: s.token })).body;
    const first = await current();
    expect(first.vidaPremium).toBe(true);
    const p2 = Math.floor(first.subscription.currentPeriodEnd / 1000) + 30 * 86_400;
    const invoice = {
      object: 'invoice',
      amount_paid: cents,
      amount_due: cents,
      subscription_details: { metadata: { checkout_session: co.body.sessionId } },
      lines: { object: 'list', data: [{ period: { start: p2 - 30 * 86_400, end: p2 } }] },
    };
    expect(
      (await deliver(event('evt_inv_failed', 'invoice.payment_failed', { ...invoice, id: 'in_1', amount_paid: 0 }))).body.handled,
    ).toBe(true);
    expect((await current()).subscription.status).toBe('past_due');
    const revenue = () => ledger.balance(t.database.db, 'platform:revenue');
    const before = await revenue();
    const paid = event('evt_inv_paid', 'invoice.paid', { ...invoice, id: 'in_1' });
    await deliver(paid);
    await deliver(paid);
    await deliver({ ...paid, id: 'evt_inv_paid_again' });
    await deliver(event('evt_inv_failed_late', 'invoice.payment_failed', { ...invoice, id: 'in_1', amount_paid: 0 }));
    expect((await revenue()) - before).toBe(cents * 10_000);
    const after = await current();
    expect(after.vidaPremium).toBe(true);
    expect(after.subscription).toMatchObject({ status: 'active', currentPeriodEnd: p2 * 1000 });
  });
});
