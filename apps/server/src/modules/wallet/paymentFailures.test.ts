import { afterAll, beforeAll, describe } from 'vitest';
import { LnbitsNode, LndNode } from '../../platform/providers/lightning/remote.ts';
import { PayPalPayouts } from '../../platform/providers/payouts/paypal.ts';
import { StripeConnect } from '../../platform/providers/payouts/stripeConnect.ts';
import { startFake, type FakeServer } from '../../testing/fakes/server.ts';
import { createTestApp, type Session, type TestApp } from '../../testing/harness.ts';
import { apiAttempt, FAILURE_TIMEOUT_MS, providerFailureTable, thrownAttempt } from '../../testing/providerFailures.ts';

/**
 * Money providers' failures (docs/operations.md, "Provider failures"): Stripe through the card checkout
 * route, Stripe Connect, PayPal payouts, LND and LNbits invoices through their adapters, each against a
 * fake on 127.0.0.1 answering in the vendor's error shape.
 */
let stripe: FakeServer;
let paypal: FakeServer;
let lnd: FakeServer;
let lnbits: FakeServer;
let t: TestApp;
let owner: Session;

beforeAll(async () => {
  stripe = await startFake((r) =>
    r.path === '/v1/customers'
      ? { status: 200, body: { id: 'cus_1', object: 'customer' } }
      : { status: 200, body: { id: 'cs_1', object: 'checkout.session', url: 'https://checkout.stripe.test/c/pay/cs_1' } },
  );
  paypal = await startFake(() => ({ status: 200, body: { access_token: 'A21', expires_in: 3600 } }));
  lnd = await startFake(() => ({ status: 200, body: {} }));
  lnbits = await startFake(() => ({ status: 200, body: {} }));
  t = await createTestApp({
    JOBS_AUTOSTART: 'false',
    STRIPE_SECRET_KEY: 'sk_test_fail',
    STRIPE_WEBHOOK_SECRET: 'whsec_fail',
    STRIPE_API_BASE: stripe.url,
    PROVIDER_TIMEOUT_MS: String(FAILURE_TIMEOUT_MS),
  });
  owner = await t.signUp('owner@payfail.test', { businessName: 'Pay Failures' });
});
afterAll(async () => {
  await t?.close();
  await Promise.all([stripe, paypal, lnd, lnbits].map((f) => f?.close()));
});

const urls = { successUrl: 'https://app.example/app/paymentSuccess', cancelUrl: 'https://app.example/app/paymentCancel' };
// Stripe's error shape: {error: {type, message, code?}}.
const stripeError = (status: number, message: string) => ({ status, body: { error: { type: 'invalid_request_error', message } } });

describe('Stripe: a card checkout (POST /api/v1/checkout/vidaCredit)', () => {
  providerFailureTable({
    fake: () => stripe,
    vendorError: stripeError,
    attempt: () => apiAttempt(t, 'POST', '/api/v1/checkout/vidaCredit', { token: owner.token, body: { amount: '10', ...urls } }),
    overrides: { timeout: { says: ['did not answer'] } },
  });
});

describe('Stripe Connect: a connected account (the adapter)', () => {
  providerFailureTable({
    fake: () => stripe,
    vendorError: stripeError,
    attempt: () =>
      thrownAttempt(() =>
        new StripeConnect({ secretKey: 'sk_test_fail', apiBase: stripe.url, timeoutMs: FAILURE_TIMEOUT_MS }).createAccount('acct-1'),
      ),
  });
});

describe('PayPal: a payout (the adapter; a refusal fails the payout, the rest leave it pending)', () => {
  providerFailureTable({
    fake: () => paypal,
    // PayPal's error shape: {name, message, debug_id}.
    vendorError: (status, message) => ({ status, body: { name: 'VALIDATION_ERROR', message, debug_id: 'dbg1' } }),
    attempt: () =>
      thrownAttempt(() =>
        new PayPalPayouts({ clientId: 'c', secret: 's', apiBase: paypal.url, timeoutMs: FAILURE_TIMEOUT_MS }).send({
          id: 'po_1',
          method: 'paypal',
          address: 'someone@example.com',
          amount: 10_000_000,
        }),
      ),
  });
});

describe('LND: an invoice (the adapter)', () => {
  providerFailureTable({
    fake: () => lnd,
    // LND REST's error shape: {code, message, details}.
    vendorError: (status, message) => ({ status, body: { code: 2, message, details: [] } }),
    attempt: () =>
      thrownAttempt(() =>
        new LndNode({ url: lnd.url, macaroon: 'ab', timeoutMs: FAILURE_TIMEOUT_MS }).createInvoice({
          amountMsat: 1000,
          description: 'x',
          expirySeconds: 60,
        }),
      ),
  });
});

describe('LNbits: an invoice (the adapter)', () => {
  providerFailureTable({
    fake: () => lnbits,
    // LNbits (FastAPI) error shape: {detail}.
    vendorError: (status, message) => ({ status, body: { detail: message } }),
    attempt: () =>
      thrownAttempt(() =>
        new LnbitsNode({ url: lnbits.url, apiKey: 'k', timeoutMs: FAILURE_TIMEOUT_MS }).createInvoice({
          amountMsat: 1000,
          description: 'x',
          expirySeconds: 60,
        }),
      ),
  });
});
