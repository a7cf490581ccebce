import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import bolt11 from 'bolt11';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../testing/harness.ts';
import { REGTEST } from './index.ts';
import { LnbitsNode, LndNode } from './remote.ts';

/**
 * LND REST and LNbits adapters against fakes on 127.0.0.1 that speak their APIs and issue real BOLT11
 * invoices (signed with the fake node's key, real preimage/hash pairs).
 */
const MACAROON = '0201036c6e64';
const API_KEY = 'lnbits-invoice-key';
const nodeKey = crypto.randomBytes(32).toString('hex');
const invoices = new Map<string, { preimage: Buffer; bolt11: string; settled: boolean; msat: number }>();
const seen: { path: string; body: any; auth: string | undefined }[] = [];
let fake: http.Server;
let base: string;

function issue(msat: number, memo: string, expiry: number) {
  const preimage = crypto.randomBytes(32);
  const hash = crypto.createHash('sha256').update(preimage).digest('hex');
  const unsigned = bolt11.encode({
    network: REGTEST,
    millisatoshis: String(msat),
    timestamp: Math.floor(Date.now() / 1000),
    tags: [
      { tagName: 'payment_hash', data: hash },
      { tagName: 'payment_secret', data: crypto.randomBytes(32).toString('hex') },
      { tagName: 'description', data: memo },
      { tagName: 'expire_time', data: expiry },
    ],
  });
  const pr = bolt11.sign(unsigned, nodeKey).paymentRequest!;
  invoices.set(hash, { preimage, bolt11: pr, settled: false, msat });
  return { hash, pr };
}

function handler(req: http.IncomingMessage, res: http.ServerResponse) {
  let raw = '';
  req.on('data', (c) => (raw += c));
  req.on('end', () => {
    const body = raw ? JSON.parse(raw) : null;
    const send = (status: number, obj: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(obj));
    const url = req.url ?? '';
    if (url.startsWith('/lnd/')) {
      seen.push({ path: url, body, auth: req.headers['grpc-metadata-macaroon'] as string | undefined });
      if (req.headers['grpc-metadata-macaroon'] !== MACAROON)
        return send(401, { code: 2, message: 'verification failed: signature mismatch' });
      if (req.method === 'POST' && url === '/lnd/v1/invoices') {
        const { hash, pr } = issue(Number(body.value_msat), body.memo, Number(body.expiry));
        return send(200, {
          r_hash: Buffer.from(hash, 'hex').toString('base64'),
          payment_request: pr,
          add_index: '1',
          payment_addr: crypto.randomBytes(32).toString('base64'),
        });
      }
      const m = /^\/lnd\/v1\/invoice\/([0-9a-f]{64})$/.exec(url);
      const inv = m && invoices.get(m[1]!);
      if (req.method === 'GET' && inv)
        return send(200, {
          state: inv.settled ? 'SETTLED' : 'OPEN',
          settled: inv.settled,
          r_preimage: inv.preimage.toString('base64'),
          value_msat: String(inv.msat),
          payment_request: inv.bolt11,
        });
      return send(404, { code: 5, message: 'unable to locate invoice' });
    }
    if (url.startsWith('/lnbits/')) {
      seen.push({ path: url, body, auth: req.headers['x-api-key'] as string | undefined });
      if (req.headers['x-api-key'] !== API_KEY) return send(401, { detail: 'Invalid key' });
      if (req.method === 'POST' && url === '/lnbits/api/v1/payments') {
        if (body.out !== false || !Number.isInteger(body.amount)) return send(400, { detail: 'bad request' });
        const { hash, pr } = issue(body.amount * 1000, body.memo, body.expiry);
        return send(201, { payment_hash: hash, bolt11: pr, checking_id: hash });
      }
      const m = /^\/lnbits\/api\/v1\/payments\/([0-9a-f]{64})$/.exec(url);
      const inv = m && invoices.get(m[1]!);
      if (req.method === 'GET' && inv)
        return send(200, { paid: inv.settled, preimage: inv.settled ? inv.preimage.toString('hex') : null, details: {} });
      return send(404, { detail: 'Payment does not exist.' });
    }
    send(404, {});
  });
}

beforeAll(async () => {
  fake = http.createServer(handler);
  await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => fake.close(() => r())));

describe('LND REST adapter', () => {
  it('creates an invoice with the macaroon header and reads it settled with its preimage', async () => {
    const lnd = new LndNode({ url: `${base}/lnd`, macaroon: MACAROON });
    const inv = await lnd.createInvoice({ amountMsat: 123_456, description: 'top-up', expirySeconds: 600 });
    expect(seen.at(-1)).toMatchObject({
      path: '/lnd/v1/invoices',
      auth: MACAROON,
      body: { value_msat: '123456', memo: 'top-up', expiry: '600' },
    });
    const decoded = bolt11.decode(inv.bolt11, REGTEST);
    expect(decoded.tagsObject.payment_hash).toBe(inv.paymentHash);
    expect(inv.expiresAt).toBe((decoded.timestamp! + 600) * 1000);
    expect(await lnd.lookup(inv.paymentHash)).toEqual({ settled: false });
    invoices.get(inv.paymentHash)!.settled = true;
    const state = await lnd.lookup(inv.paymentHash);
    expect(state.settled).toBe(true);
    expect(crypto.createHash('sha256').update(Buffer.from(state.preimage!, 'hex')).digest('hex')).toBe(inv.paymentHash);
    await expect(
      new LndNode({ url: `${base}/lnd`, macaroon: 'wrong' }).createInvoice({ amountMsat: 1000, description: 'x', expirySeconds: 60 }),
    ).rejects.toThrow(/401/);
  });
});

describe('LNbits adapter', () => {
  it('creates an invoice in whole sats with X-Api-Key and reads it paid', async () => {
    const lnbits = new LnbitsNode({ url: `${base}/lnbits`, apiKey: API_KEY });
    const inv = await lnbits.createInvoice({ amountMsat: 10_500, description: 'top-up', expirySeconds: 3600 });
    expect(seen.at(-1)).toMatchObject({
      path: '/lnbits/api/v1/payments',
      auth: API_KEY,
      body: { out: false, amount: 11, memo: 'top-up', expiry: 3600 },
    });
    expect(inv.amountMsat).toBe(11_000);
    expect(bolt11.decode(inv.bolt11, REGTEST).tagsObject.payment_hash).toBe(inv.paymentHash);
    expect(await lnbits.lookup(inv.paymentHash)).toEqual({ settled: false });
    invoices.get(inv.paymentHash)!.settled = true;
    expect((await lnbits.lookup(inv.paymentHash)).settled).toBe(true);
    await expect(lnbits.lookup('0'.repeat(64))).rejects.toThrow(/404/);
  });
});

describe('the wallet on an LND node', () => {
  it('requests an invoice from LND and credits the wallet once when LND reports it settled', async () => {
    const t = await createTestApp({
      JOBS_AUTOSTART: 'false',
      LIGHTNING_BACKEND: 'lnd',
      LIGHTNING_URL: `${base}/lnd`,
      LIGHTNING_KEY: MACAROON,
    });
    try {
      const owner = await t.signUp('owner@lnd.test', { businessName: 'LND Co' });
      const req = await t.request('POST', '/api/v1/requestInvoice', { token: owner.token, body: { amount: '5', unit: 'USD' } });
      expect(req.status).toBe(200);
      const hash = req.body.invoice.paymentHash as string;
      expect(invoices.has(hash)).toBe(true);
      expect((await t.request('GET', '/api/v1/pendingInvoice', { token: owner.token })).body.invoice.status).toBe('pending');
      invoices.get(hash)!.settled = true;
      expect((await t.request('GET', '/api/v1/pendingInvoice', { token: owner.token })).body.invoice.status).toBe('paid');
      await t.request('GET', '/api/v1/pendingInvoice', { token: owner.token });
      expect((await t.request('GET', '/api/v1/recentTransactions', { token: owner.token })).body).toMatchObject({
        balanceUsd: '5.00',
        transactions: [expect.objectContaining({ kind: 'lightning_topup' })],
      });
      expect((await t.request('GET', '/api/v1/recentTransactions', { token: owner.token })).body.transactions).toHaveLength(1);
    } finally {
      await t.close();
    }
  }, 60_000);
});
