import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFake, type FakeServer } from '../../testing/fakes/server.ts';
import { createTestApp, type Session, type TestApp } from '../../testing/harness.ts';
import { emitWebhookEvent, verifySwitchboardSignature } from './index.ts';

/**
 * Webhook events other modules emit (calls, contacts, payments) through the webhook outbox: delivered
 * signed, once per event however often it is emitted or scanned, only to the owning tree's endpoints.
 */
let t: TestApp;
let owner: Session;
let stranger: Session;
let receiver: FakeServer;
let secret: string;
let strangerHook: number;

const run = async () => {
  await t.services.webhooks.scan();
  await t.services.inbox.queue.drain();
};
const received = (type: string) => receiver.seen.map((r) => ({ ...r, json: r.body })).filter((r) => r.json?.type === type);

beforeAll(async () => {
  receiver = await startFake(() => ({ status: 204 }));
  t = await createTestApp({ JOBS_AUTOSTART: 'false', WEBHOOK_ALLOW_HOSTS: '127.0.0.1' });
  owner = await t.signUp('events@hooks.test', { businessName: 'Evented Shop' });
  stranger = await t.signUp('other@hooks.test', { businessName: 'Other Shop' });
  const events = ['call.started', 'call.ended', 'contact.created', 'payment.received'];
  const hook = await t.request('POST', '/api/v2/webhooks', { token: owner.token, body: { url: `${receiver.url}/mine`, events } });
  expect(hook.status).toBe(200);
  secret = hook.body.secret;
  const other = await t.request('POST', '/api/v2/webhooks', { token: stranger.token, body: { url: `${receiver.url}/theirs`, events } });
  strangerHook = other.body.webhook.id;
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

describe('events of other modules', () => {
  it('contact.created: one signed delivery per new contact, none for an update', async () => {
    const made = await t.request('POST', '/api/v2/contact', {
      token: owner.token,
      body: { name: 'Ada Caller', phones: ['+14155552681'], emails: ['ada@caller.test'] },
    });
    expect(made.status).toBe(200);
    await t.request('POST', '/api/v2/contact', { token: owner.token, body: { id: made.body.contact.id, name: 'Ada C.' } });
    await run();
    await run();
    const got = received('contact.created');
    expect(got).toHaveLength(1);
    expect(got[0]!.path).toBe('/mine');
    expect(got[0]!.json.data.contact).toMatchObject({
      id: made.body.contact.id,
      name: 'Ada Caller',
      phones: ['+14155552681'],
      emails: ['ada@caller.test'],
    });
    expect(
      verifySwitchboardSignature(secret, String(got[0]!.headers['switchboard-signature']), got[0]!.raw, Math.floor(Date.now() / 1000)),
    ).toBe(true);
  });

  it('call.started and call.ended (with the transcript) for a call', async () => {
    const call = await t.request('POST', '/api/v1/calls/web', { token: owner.token, body: {} });
    expect(call.status).toBe(200);
    const id = call.body.call.id as string;
    expect(await t.services.calls.answer(id)).not.toBeNull();
    await t.services.calls.finish(id, 'caller hung up');
    await run();
    const started = received('call.started');
    const ended = received('call.ended');
    expect(started.map((r) => r.json.data.call.id)).toEqual([id]);
    expect(ended).toHaveLength(1);
    expect(ended[0]!.json.data.call).toMatchObject({ id, status: 'completed', endReason: 'caller hung up', transcript: [] });
    expect(started[0]!.json.id).not.toBe(ended[0]!.json.id);
  });

  it('payment.received once for a paid checkout, however often the processor says so', async () => {
    const co = await t.request('POST', '/api/v1/checkout/vidaCredit', {
      token: owner.token,
      body: { amount: '5', currency: 'usd', successUrl: 'http://localhost:3000/ok', cancelUrl: 'http://localhost:3000/no' },
    });
    expect(co.status).toBe(200);
    const event = {
      id: `evt_${co.body.sessionId}`,
      type: 'checkout.completed',
      sessionId: co.body.sessionId,
      reference: `credit:${owner.id}`,
      amount: 5_000_000,
      created: Date.now(),
    };
    await t.services.wallet.handlePaymentEvent(event as never);
    await t.services.wallet.handlePaymentEvent({ ...event, id: `${event.id}_again` } as never);
    await run();
    const got = received('payment.received');
    expect(got).toHaveLength(1);
    expect(got[0]!.json.data.payment).toMatchObject({ method: 'card', purpose: 'credit', amountMicroUsd: 5_000_000, currency: 'usd' });
  });

  it('emitting the same event key twice delivers one event', async () => {
    const e = { accountId: owner.id, type: 'contact.created' as const, key: 'contact.created:manual-1', data: { contact: { id: -1 } } };
    await emitWebhookEvent(t.database.db, e);
    await emitWebhookEvent(t.database.db, e);
    await run();
    expect(received('contact.created').filter((r) => r.json.data.contact.id === -1)).toHaveLength(1);
  });
});

describe('another tree', () => {
  it('gets none of these events and sees none of these deliveries', async () => {
    expect(receiver.seen.filter((r) => r.path === '/theirs')).toHaveLength(0);
    const theirs = await t.request('GET', `/api/v2/webhooks/${strangerHook}/deliveries`, { token: stranger.token });
    expect(theirs.body.deliveries).toEqual([]);
    const list = await t.request('GET', '/api/v2/webhooks', { token: owner.token });
    const mine = list.body.webhooks[0].id;
    expect((await t.request('GET', `/api/v2/webhooks/${mine}/deliveries`, { token: stranger.token })).status).toBe(404);
  });
});
