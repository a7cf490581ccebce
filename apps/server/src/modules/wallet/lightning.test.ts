import crypto from 'node:crypto';
import http from 'node:http';
import bolt11 from 'bolt11';
import { microsToMsat } from '@switchboard/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REGTEST } from '../../platform/providers/lightning/index.ts';
import { LocalLightningNode } from '../../platform/providers/lightning/local.ts';
import { ExchangeRates, HttpPrice } from '../../platform/providers/rates/index.ts';
import { createTestApp, type Session, type TestApp } from '../../testing/harness.ts';
import { ledger } from './index.ts';

let t: TestApp;
let owner: Session;
let other: Session;

beforeAll(async () => {
  t = await createTestApp({ JOBS_AUTOSTART: 'false' });
  owner = await t.signUp('owner@lightning.test', { businessName: 'Lightning Co' });
  other = await t.signUp('owner@elsewhere.test', { businessName: 'Elsewhere' });
}, 60_000);
afterAll(async () => {
  vi.useRealTimers();
  const check = await ledger.check(t.database.db);
  expect(check).toMatchObject({ total: 0, mismatched: [] });
  await t?.close();
});

const balance = async () => (await t.request('GET', '/api/v1/recentTransactions', { token: owner.token })).body.balance as number;
const request = (amount: string | number, unit?: string) =>
  t.request('POST', '/api/v1/requestInvoice', { token: owner.token, body: { amount, ...(unit ? { unit } : {}) } });
const pay = (invoice: string) => t.request('POST', '/api/dev/lightning/pay', { body: { invoice } });
const prove = (invoice: string, preimage: string, s = owner) =>
  t.request('POST', '/api/v1/provePendingInvoicePaid', { token: s.token, body: { invoice, preimage } });

describe('Lightning top-ups', () => {
  it('issues a real BOLT11 invoice signed by the node, for the amount at the current rate', async () => {
    const r = await request('5');
    expect(r.status).toBe(200);
    const inv = r.body.invoice;
    expect(inv).toMatchObject({ status: 'pending', amountUsd: '5.00', amount: 5_000_000, amountMsat: microsToMsat(5_000_000, 0.00043) });
    // A standard decoder reads it and recovers the local node's key from the signature.
    const decoded = bolt11.decode(inv.invoice, REGTEST);
    expect(decoded.millisatoshis).toBe(String(inv.amountMsat));
    expect(decoded.tagsObject.payment_hash).toBe(inv.paymentHash);
    expect(decoded.payeeNodeKey).toBe(await (t.services.wallet.lightning as LocalLightningNode).publicKey());
    expect(inv.expiresAt - Date.now()).toBeGreaterThan(3500_000);

    const pending = await t.request('GET', '/api/v1/pendingInvoice', { token: owner.token });
    expect(pending.body.invoice.invoice).toBe(inv.invoice);
    const valid = await t.request('GET', '/api/v1/validateInvoice', { token: owner.token, query: { invoice: inv.invoice } });
    expect(valid.body).toMatchObject({
      valid: true,
      paymentHash: inv.paymentHash,
      amountMsat: inv.amountMsat,
      expired: false,
      network: 'bcrt',
    });
    const invalid = await t.request('GET', '/api/v1/validateInvoice', { token: owner.token, query: { invoice: 'lnbc1notaninvoice' } });
    expect(invalid.body).toMatchObject({ valid: false });
  });

  it('a wrong preimage is refused; paying credits the wallet once, and proving it again changes nothing', async () => {
    const before = await balance();
    const inv = (await request('2.5')).body.invoice;
    const wrong = await prove(inv.invoice, crypto.randomBytes(32).toString('hex'));
    expect(wrong.status).toBe(422);
    expect(wrong.body.field).toBe('preimage');
    expect(await balance()).toBe(before);

    const paid = await pay(inv.invoice);
    expect(paid.status).toBe(200);
    expect(crypto.createHash('sha256').update(Buffer.from(paid.body.preimage, 'hex')).digest('hex')).toBe(inv.paymentHash);
    expect(await balance()).toBe(before + 2_500_000);
    expect((await pay(inv.invoice)).status).toBe(422);

    const proved = await prove(inv.invoice, paid.body.preimage);
    expect(proved.status).toBe(200);
    expect(proved.body).toMatchObject({ invoice: { status: 'paid' }, balance: before + 2_500_000 });
    expect((await t.request('GET', '/api/v1/pendingInvoice', { token: owner.token })).body.invoice).toBeNull();
    const recent = await t.request('GET', '/api/v1/recentTransactions', { token: owner.token });
    expect(recent.body.transactions[0]).toMatchObject({ kind: 'lightning_topup', amountUsd: '2.50' });
  });

  it('amounts in sats and millisatoshis', async () => {
    const sats = await request(10_000, 'SAT');
    expect(sats.body.invoice).toMatchObject({ amountMsat: 10_000_000, amountUsd: '4.30' });
    expect((await request('1.5', 'SAT')).status).toBe(400);
    expect((await t.request('POST', '/api/v1/requestInvoice', { token: owner.token, body: { amount: 5, unit: 'EUR' } })).body.field).toBe(
      'unit',
    );
  });

  it('an expired invoice cannot be paid or proven paid', async () => {
    const inv = (await request('1')).body.invoice;
    const node = t.services.wallet.lightning as LocalLightningNode;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(inv.expiresAt + 1000);
    expect((await pay(inv.invoice)).body.message).toBe('That invoice has expired.');
    // The preimage is known (read from the node's own table) and still refused once the invoice expired.
    const row = await t.database.db
      .selectFrom('local_ln_invoices')
      .select('preimage')
      .where('payment_hash', '=', inv.paymentHash)
      .executeTakeFirstOrThrow();
    const late = await prove(inv.invoice, row.preimage);
    expect(late.status).toBe(422);
    expect(late.body.message).toBe('That invoice has expired.');
    vi.useRealTimers();
    expect(node.kind).toBe('local');
  });

  it('a reset invoice is no longer pending; another tree cannot prove or read it', async () => {
    const inv = (await request('3')).body.invoice;
    const paid = await pay(inv.invoice);
    const before = await balance();
    expect((await prove(inv.invoice, paid.body.preimage, other)).status).toBe(404);
    expect((await t.request('GET', '/api/v1/pendingInvoice', { token: other.token })).body.invoice).toBeNull();
    expect(await balance()).toBe(before);
    await request('4');
    expect((await t.request('POST', '/api/v1/resetPendingInvoice', { token: owner.token, body: {} })).status).toBe(200);
    expect((await t.request('GET', '/api/v1/pendingInvoice', { token: owner.token })).body.invoice).toBeNull();
  });
});

describe('exchange rate', () => {
  it('answers satToUsd from the local price feed', async () => {
    const r = await t.request('GET', '/api/v1/exchangeRates', { token: owner.token });
    expect(r.body).toMatchObject({ satToUsd: 0.00043, fallback: false });
  });

  it('reads a spot-price API, caches it 900 s, and falls back to 0.00043 when the source fails', async () => {
    let price = '97000.00';
    let up = true;
    let hits = 0;
    const server = http.createServer((req, res) => {
      hits++;
      if (!up) return void res.writeHead(503).end('down');
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ data: { amount: price, base: 'BTC', currency: 'USD' } }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as { port: number }).port;
    let now = 1_000_000;
    const rates = new ExchangeRates(new HttpPrice(`http://127.0.0.1:${port}/v2/prices/BTC-USD/spot`), () => now);
    try {
      expect(await rates.satToUsd()).toMatchObject({ satToUsd: 0.00097, fallback: false });
      price = '50000';
      now += 899_000;
      expect((await rates.satToUsd()).satToUsd).toBe(0.00097);
      expect(hits).toBe(1);
      now += 2000;
      expect((await rates.satToUsd()).satToUsd).toBe(0.0005);
      up = false;
      now += 900_000;
      expect(await rates.satToUsd()).toMatchObject({ satToUsd: 0.00043, fallback: true });
    } finally {
      server.close();
    }
  });
});
