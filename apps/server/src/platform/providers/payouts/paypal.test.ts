import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PayoutError } from './index.ts';
import { PayPalPayouts } from './paypal.ts';

/**
 * The PayPal Payouts adapter against a fake PayPal on 127.0.0.1 speaking its REST API: OAuth2 client
 * credentials, payout batches (a repeated sender_batch_id is refused as PayPal does), and the batch read back.
 */
const batches = new Map<string, { id: string; receiver: string; wallet: string; value: string; state: string }>();
const tokens: string[] = [];
let fake: http.Server;
let base: string;

function handler(req: http.IncomingMessage, res: http.ServerResponse) {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    const send = (status: number, obj: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(obj));
    if (req.method === 'POST' && req.url === '/v1/oauth2/token') {
      if (
        req.headers.authorization !== `Basic ${Buffer.from('client:secret').toString('base64')}` ||
        body !== 'grant_type=client_credentials'
      )
        return send(401, { error: 'invalid_client' });
      const token = `A21AA${tokens.length}`;
      tokens.push(token);
      return send(200, { access_token: token, token_type: 'Bearer', expires_in: 32400 });
    }
    if (!tokens.includes((req.headers.authorization ?? '').replace('Bearer ', ''))) return send(401, { name: 'AUTHENTICATION_FAILURE' });
    if (req.method === 'POST' && req.url === '/v1/payments/payouts') {
      const b = JSON.parse(body);
      const senderId = b.sender_batch_header.sender_batch_id;
      if ([...batches.values()].some((x) => x.id === senderId))
        return send(400, { name: 'USER_BUSINESS_ERROR', message: 'Batch with given sender_batch_id already exists' });
      const item = b.items[0];
      const batchId = `PB${batches.size + 1}`;
      const state = item.receiver.startsWith('blocked') ? 'BLOCKED' : 'UNCLAIMED';
      batches.set(batchId, { id: senderId, receiver: item.receiver, wallet: item.recipient_wallet, value: item.amount.value, state });
      return send(201, { batch_header: { payout_batch_id: batchId, batch_status: 'PENDING', sender_batch_header: b.sender_batch_header } });
    }
    const m = /^\/v1\/payments\/payouts\/([A-Z0-9]+)$/.exec(req.url ?? '');
    if (req.method === 'GET' && m) {
      const batch = batches.get(m[1]!);
      if (!batch) return send(404, { name: 'RESOURCE_NOT_FOUND' });
      return send(200, {
        batch_header: { payout_batch_id: m[1], batch_status: batch.state === 'UNCLAIMED' ? 'PROCESSING' : 'SUCCESS' },
        items: [
          {
            payout_item_id: `I${m[1]}`,
            transaction_status: batch.state,
            payout_item: { receiver: batch.receiver, recipient_wallet: batch.wallet, amount: { value: batch.value, currency: 'USD' } },
          },
        ],
      });
    }
    send(404, { name: 'NOT_FOUND' });
  });
}

beforeAll(async () => {
  fake = http.createServer(handler);
  await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => fake.close(() => r())));

describe('PayPal Payouts adapter', () => {
  it('sends a PayPal payout once, in dollars, and reads its state back (pending, then paid, then returned)', async () => {
    const pp = new PayPalPayouts({ clientId: 'client', secret: 'secret', apiBase: base });
    const sent = await pp.send({ id: 'po_1', method: 'paypal', address: 'me@example.test', amount: 12_340_000 });
    expect(sent.status).toBe('pending');
    const batch = batches.get(sent.ref)!;
    expect(batch).toMatchObject({ id: 'po_1', receiver: 'me@example.test', wallet: 'PAYPAL', value: '12.34' });
    await expect(pp.send({ id: 'po_1', method: 'paypal', address: 'me@example.test', amount: 12_340_000 })).rejects.toBeInstanceOf(
      PayoutError,
    );
    expect(batches.size).toBe(1);
    expect((await pp.status(sent.ref)).status).toBe('pending');
    batch.state = 'SUCCESS';
    expect((await pp.status(sent.ref)).status).toBe('paid');
    batch.state = 'RETURNED';
    expect((await pp.status(sent.ref)).status).toBe('returned');
    expect(tokens).toHaveLength(1);
  });

  it('sends Venmo to a phone, and a blocked receiver fails', async () => {
    const pp = new PayPalPayouts({ clientId: 'client', secret: 'secret', apiBase: base });
    const venmo = await pp.send({ id: 'po_2', method: 'venmo', address: '+14155550100', amount: 5_000_000 });
    expect(batches.get(venmo.ref)).toMatchObject({ wallet: 'VENMO', receiver: '+14155550100', value: '5.00' });
    const blocked = await pp.send({ id: 'po_3', method: 'paypal', address: 'blocked@example.test', amount: 1_000_000 });
    expect((await pp.status(blocked.ref)).status).toBe('failed');
  });

  it('wrong credentials are a refusal', async () => {
    const pp = new PayPalPayouts({ clientId: 'client', secret: 'wrong', apiBase: base });
    await expect(pp.send({ id: 'po_4', method: 'paypal', address: 'a@example.test', amount: 1_000_000 })).rejects.toThrow(/credentials/);
  });
});
