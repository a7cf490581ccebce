import Stripe from 'stripe';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../../testing/harness.ts';
import { expectLedgerBalanced, fundWallet, walletBalance } from '../../testing/money.ts';

/**
 * Stripe Connect payouts through the `stripe` package against a fake Stripe on 127.0.0.1 speaking its
 * REST API (form-encoded, Bearer key, Idempotency-Key): Express account, onboarding link, transfers.
 */
const SECRET = 'sk_test_connect';
const seen: { method: string; path: string; form: URLSearchParams; key: string | undefined }[] = [];
const transfers = new Map<string, { id: string; amount: number; destination: string; reversed: boolean }>();
const byKey = new Map<string, string>();
let payoutsEnabled = false;
let fake: http.Server;
let t: TestApp;
let owner: Session;

function handler(req: http.IncomingMessage, res: http.ServerResponse) {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    const form = new URLSearchParams(body);
    const key = req.headers['idempotency-key'] as string | undefined;
    seen.push({ method: req.method ?? '', path: req.url ?? '', form, key });
    const send = (status: number, obj: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_fake' }).end(JSON.stringify(obj));
    if (req.headers.authorization !== `Bearer ${SECRET}`)
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    if (req.method === 'POST' && req.url === '/v1/accounts')
      return send(200, { id: 'acct_fake1', object: 'account', type: form.get('type'), payouts_enabled: false });
    if (req.method === 'GET' && req.url === '/v1/accounts/acct_fake1')
      return send(200, { id: 'acct_fake1', object: 'account', payouts_enabled: payoutsEnabled });
    if (req.method === 'POST' && req.url === '/v1/account_links')
      return send(200, {
        object: 'account_link',
        url: `https://connect.stripe.test/setup/${form.get('account')}?return=${encodeURIComponent(form.get('return_url') ?? '')}`,
      });
    if (req.method === 'POST' && req.url === '/v1/transfers') {
      if (key && byKey.has(key)) return send(200, transfers.get(byKey.get(key)!));
      if (form.get('destination') !== 'acct_fake1')
        return send(400, { error: { type: 'invalid_request_error', message: 'No such destination' } });
      const tr = {
        id: `tr_${transfers.size + 1}`,
        object: 'transfer',
        amount: Number(form.get('amount')),
        destination: form.get('destination')!,
        reversed: false,
      };
      transfers.set(tr.id, tr);
      if (key) byKey.set(key, tr.id);
      return send(200, tr);
    }
    const m = /^\/v1\/transfers\/(tr_\d+)$/.exec(req.url ?? '');
    if (req.method === 'GET' && m && transfers.has(m[1]!)) return send(200, { object: 'transfer', ...transfers.get(m[1]!) });
    send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${req.url})` } });
  });
}

beforeAll(async () => {
  fake = http.createServer(handler);
  await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
  t = await createTestApp({ JOBS_AUTOSTART: 'false', STRIPE_SECRET_KEY: SECRET, STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_API_BASE: base });
  owner = await t.signUp('owner@connect.test', { businessName: 'Connect Co' });
}, 60_000);
afterAll(async () => {
  await expectLedgerBalanced(t.database.db);
  await t?.close();
  await new Promise<void>((r) => fake.close(() => r()));
});

describe('Stripe Connect payouts', () => {
  it('onboards an Express account, then transfers funds once in cents; a reversal returns the money', async () => {
    const urls = {
      successUrl: 'http://localhost:3000/app/stripePayoutConnectSuccess',
      failureUrl: 'http://localhost:3000/app/stripePayoutConnectFailure',
    };
    const link = await t.request('POST', '/api/v1/payout/stripe/connectAccount', { token: owner.token, body: urls });
    expect(link.body.url).toMatch(/^https:\/\/connect\.stripe\.test\/setup\/acct_fake1/);
    const created = seen.find((r) => r.path === '/v1/accounts')!;
    expect(created.form.get('type')).toBe('express');
    expect(created.key).toBe(`connect-${owner.id}`);
    const linkReq = seen.find((r) => r.path === '/v1/account_links')!;
    expect(Object.fromEntries(linkReq.form)).toMatchObject({
      account: 'acct_fake1',
      return_url: urls.successUrl,
      refresh_url: urls.failureUrl,
      type: 'account_onboarding',
    });
    // A second connect reuses the account.
    await t.request('POST', '/api/v1/payout/stripe/connectAccount', { token: owner.token, body: urls });
    expect(seen.filter((r) => r.path === '/v1/accounts')).toHaveLength(1);

    expect((await t.request('GET', '/api/v1/payout/stripe/checkConnectedAccount', { token: owner.token })).body).toMatchObject({
      connected: false,
      onboardingStarted: true,
    });
    expect((await t.request('POST', '/api/v1/payout/stripe/transferFunds', { token: owner.token, body: { amountUsd: 1 } })).status).toBe(
      422,
    );
    payoutsEnabled = true;
    expect((await t.request('GET', '/api/v1/payout/stripe/checkConnectedAccount', { token: owner.token })).body.connected).toBe(true);

    await fundWallet(t.database.db, owner.id, 10_000_000);
    const tr = await t.request('POST', '/api/v1/payout/stripe/transferFunds', { token: owner.token, body: { amountUsd: '2.50' } });
    expect(tr.body.payout).toMatchObject({ method: 'stripe', status: 'paid', amountUsd: '2.50' });
    const sent = seen.filter((r) => r.path === '/v1/transfers');
    expect(sent).toHaveLength(1);
    expect(Object.fromEntries(sent[0]!.form)).toMatchObject({ amount: '250', currency: 'usd', destination: 'acct_fake1' });
    expect(sent[0]!.key).toBe(`payout-${tr.body.payout.id}`);
    expect(tr.body.balanceUsd).toBe('7.50');

    // Stripe reverses the transfer and reports it (twice, then again under another event id): the money is back once.
    transfers.get('tr_1')!.reversed = true;
    // Through Stripe's signed webhook `transfer.reversed` (what the Stripe adapter maps to the payout returned).
    const reversed = (id: string) => {
      const payload = JSON.stringify({
        id,
        object: 'event',
        type: 'transfer.reversed',
        created: Math.floor(Date.now() / 1000),
        data: { object: { id: 'tr_1', object: 'transfer', amount: 250, reversed: true } },
      });
      const header = new Stripe(SECRET).webhooks.generateTestHeaderString({ payload, secret: 'whsec_x' });
      return t.request('POST', '/api/v1/payments/webhook', {
        body: payload,
        headers: { 'content-type': 'application/json', 'stripe-signature': header },
      });
    };
    expect((await reversed('evt_reversed')).body).toEqual({ success: true, handled: true });
    expect((await reversed('evt_reversed')).body).toEqual({ success: true, handled: false });
    expect((await reversed('evt_reversed_2')).body).toEqual({ success: true, handled: false });
    await t.services.wallet.payouts.settlePayout(tr.body.payout.id, 'returned', 'reversed again', 'evt_reversed_3');
    expect(await walletBalance(t.database.db, owner.id)).toBe(10_000_000);
    expect((await t.request('GET', '/api/v1/payouts', { token: owner.token })).body.payouts[0].status).toBe('returned');
  });
});
