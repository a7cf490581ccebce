import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFake, type FakeServer } from '../../testing/fakes/server.ts';
import { createTestApp, type Session, type TestApp } from '../../testing/harness.ts';
import { verifySwitchboardSignature } from './index.ts';

let t: TestApp;
let org: Session & { username: string };
let receiver: FakeServer;

beforeAll(async () => {
  receiver = await startFake(() => ({ status: 204 }));
  t = await createTestApp({ JOBS_AUTOSTART: 'false', WEBHOOK_ALLOW_HOSTS: '127.0.0.1' });
  const a = await t.signUp('owner@hooks.test', { businessName: 'Hook Shop' });
  org = { ...a, username: (await t.request('GET', '/api/v1/account', { token: a.token })).body.username };
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

/** The Standard Webhooks reference algorithm (standardwebhooks.com): base64 HMAC-SHA256 of "id.timestamp.body". */
function standardVerify(secret: string, headers: Record<string, unknown>, body: string): boolean {
  const key = Buffer.from(secret.split('_')[1]!, 'base64');
  const expected = crypto
    .createHmac('sha256', key)
    .update(`${headers['webhook-id']}.${headers['webhook-timestamp']}.${body}`)
    .digest('base64');
  return String(headers['webhook-signature'])
    .split(' ')
    .some((s) => s === `v1,${expected}`);
}

const create = (body: Record<string, unknown>, token = org.token) => t.request('POST', '/api/v2/webhooks', { token, body });
const visitorSays = async (text: string) => {
  const v = (await t.request('GET', '/api/v1/allocateTempUserSession')).body;
  const sent = await t.request('POST', '/api/v1/messages', { token: v.token, body: { to: org.username, body: text } });
  expect(sent.status).toBe(200);
};
/** Turns events into deliveries and runs the queue's due jobs (the worker is off in this file). */
const run = async () => {
  await t.services.webhooks.scan();
  await t.services.inbox.queue.drain();
};

let hookId: number;
let secret: string;

describe('subscribing', () => {
  it('checks the URL and the events when saved', async () => {
    for (const url of ['http://10.0.0.7/hook', 'ftp://example.com/x', 'http://localhost:9/x']) {
      const r = await create({ url, events: ['message.created'] });
      expect(r.status, url).toBe(400);
      expect(r.body.field).toBe('url');
    }
    const none = await create({ url: `${receiver.url}/hook`, events: [] });
    expect(none.body.field).toBe('events');
    const unknown = await create({ url: `${receiver.url}/hook`, events: ['payment.stolen'] });
    expect(unknown.status).toBe(400);
  });

  it('shows the signing secret once, then only its start; stores it sealed', async () => {
    const r = await create({ url: `${receiver.url}/hook`, events: ['conversation.created', 'message.created'], description: 'CRM sync' });
    expect(r.status).toBe(200);
    secret = r.body.secret;
    hookId = r.body.webhook.id;
    expect(secret).toMatch(/^whsec_/);
    const list = await t.request('GET', '/api/v2/webhooks', { token: org.token });
    expect(list.body.webhooks[0]).toMatchObject({ id: hookId, active: true, events: ['conversation.created', 'message.created'] });
    expect(JSON.stringify(list.body)).not.toContain(secret);
    expect(list.body.events).toContain('conversation.closed');
    const row = await t.database.db.selectFrom('webhook_endpoints').select('secret').where('id', '=', hookId).executeTakeFirstOrThrow();
    expect(row.secret).not.toContain(secret.slice(6));
  });
});

describe('delivering', () => {
  it('posts each subscribed event once, signed so the receiver can verify it', async () => {
    const before = receiver.seen.length;
    await visitorSays('Hi, do you open on Sunday?');
    await run();
    await run(); // the agent's reply is an event too; a further scan adds nothing
    await run();
    const got = receiver.seen.slice(before);
    const types = got.map((r) => r.body.type);
    expect(types.filter((x) => x === 'conversation.created')).toHaveLength(1);
    expect(types.every((x) => x === 'conversation.created' || x === 'message.created')).toBe(true);
    expect(new Set(got.map((r) => r.body.id)).size).toBe(got.length);
    const now = Math.floor(Date.now() / 1000);
    for (const r of got) {
      expect(verifySwitchboardSignature(secret, String(r.headers['switchboard-signature']), r.raw, now)).toBe(true);
      expect(standardVerify(secret, r.headers, r.raw)).toBe(true);
      expect(r.headers['webhook-id']).toBe(r.body.id);
      expect(verifySwitchboardSignature(secret, String(r.headers['switchboard-signature']), `${r.raw} `, now)).toBe(false);
      expect(verifySwitchboardSignature(secret, String(r.headers['switchboard-signature']), r.raw, now + 3600)).toBe(false);
      expect(verifySwitchboardSignature(secret, String(r.headers['switchboard-signature']), r.raw, Number.NaN)).toBe(false);
    }
    expect(got.some((r) => r.body.type === 'message.created' && r.body.data.message.body === 'Hi, do you open on Sunday?')).toBe(true);
    const log = await t.request('GET', `/api/v2/webhooks/${hookId}/deliveries`, { token: org.token });
    expect(log.body.deliveries).toHaveLength(got.length);
    expect(log.body.deliveries[0]).toMatchObject({ status: 'delivered', attempts: 1, responseStatus: 204, durationMs: expect.any(Number) });
  });

  it('retries a 500 with backoff and delivers once, with the same id', async () => {
    // Only a second endpoint, for conversations, receives now.
    expect(
      (await t.request('POST', `/api/v2/webhooks/${hookId}/active`, { token: org.token, body: { active: false } })).body.webhook.active,
    ).toBe(false);
    const second = await create({ url: `${receiver.url}/retry`, events: ['conversation.created'] });
    const q = t.services.inbox.queue;
    let clock = Date.now();
    q.now = () => clock;
    receiver.failNext({ status: 500, body: { error: 'boom' } }, 3);
    await visitorSays('Second conversation');
    await run();
    const log = async () =>
      (await t.request('GET', `/api/v2/webhooks/${second.body.webhook.id}/deliveries`, { token: org.token })).body.deliveries;
    expect(await log()).toMatchObject([{ status: 'pending', attempts: 1, responseStatus: 500, lastError: expect.stringContaining('500') }]);
    await q.drain(); // not due yet: the next attempt waits 5 s
    expect((await log())[0].attempts).toBe(1);
    for (const delay of [5_000, 30_000, 120_000]) {
      clock += delay;
      await run();
    }
    const sent = receiver.seen.filter((r) => r.path === '/retry');
    expect(sent).toHaveLength(4);
    expect(new Set(sent.map((r) => r.headers['webhook-id'])).size).toBe(1);
    expect(await log()).toMatchObject([{ status: 'delivered', attempts: 4, responseStatus: 204 }]);
    // Every attempt is a row of the logs view (kind webhook), written with the attempt's record.
    const logs = await t.request('GET', '/api/v2/logs', { token: org.token, query: { kind: 'webhook', text: '/retry' } });
    expect(logs.status).toBe(200);
    expect(logs.body.logs.map((l: { status: string }) => l.status)).toEqual(['delivered', 'retrying', 'retrying', 'retrying']);
    expect(logs.body.logs[0]).toMatchObject({ kind: 'webhook', direction: 'outbound', details: { attempt: 4, responseStatus: 204 } });
    expect(logs.body.logs[1].summary).toContain('answered 500');
    q.now = () => Date.now();
    await t.request('DELETE', `/api/v2/webhooks/${second.body.webhook.id}`, { token: org.token });
    await t.request('POST', `/api/v2/webhooks/${hookId}/active`, { token: org.token, body: { active: true } });
  });

  it('sends a test event and replays a delivery with the same id', async () => {
    const before = receiver.seen.length;
    const test = await t.request('POST', `/api/v2/webhooks/${hookId}/test`, { token: org.token });
    expect(test.body.delivery).toMatchObject({ status: 'pending', eventType: 'webhook.test' });
    await t.services.inbox.queue.drain();
    expect(receiver.seen.at(-1)!.body).toMatchObject({ type: 'webhook.test', id: test.body.delivery.eventId });
    const replay = await t.request('POST', `/api/v2/webhooks/${hookId}/deliveries/${test.body.delivery.id}/replay`, { token: org.token });
    expect(replay.status).toBe(200);
    await t.services.inbox.queue.drain();
    expect(receiver.seen.length - before).toBe(2);
    expect(receiver.seen.at(-1)!.headers['webhook-id']).toBe(test.body.delivery.eventId);
  });
});

describe('a worker that dies', () => {
  it('loses no delivery: a job claimed by a dead worker runs again when its lease ends, and sends once', async () => {
    const q = t.services.inbox.queue;
    let clock = Date.now();
    q.now = () => clock;
    const before = receiver.seen.length;
    const test = await t.request('POST', `/api/v2/webhooks/${hookId}/test`, { token: org.token });
    // A worker claims the job and is killed before sending anything.
    const claimed = await q.claim('dead-worker');
    expect(claimed).not.toBeNull();
    expect(await q.drain()).toBe(0);
    expect(receiver.seen.length).toBe(before);
    // After the lease another worker runs it; a worker killed after recording the delivery leaves nothing to resend.
    clock += 31_000;
    const job = (await q.claim('second-worker'))!;
    await q.execute(job, { ack: false });
    clock += 31_000;
    await q.drain();
    const sent = receiver.seen.slice(before);
    expect(sent.map((r) => r.headers['webhook-id'])).toEqual([test.body.delivery.eventId]);
    q.now = () => Date.now();
  });
});

describe('an endpoint that keeps failing', () => {
  it('fails a delivery after about a day of attempts, and pauses the endpoint after five such deliveries', async () => {
    const hook = await create({ url: `${receiver.url}/down`, events: ['conversation.closed'] });
    const id = hook.body.webhook.id;
    const q = t.services.inbox.queue;
    let clock = Date.now();
    q.now = () => clock;
    receiver.failNext({ status: 503 }, 5 * 11);
    for (let i = 0; i < 5; i++) await t.request('POST', `/api/v2/webhooks/${id}/test`, { token: org.token });
    await q.drain();
    for (const delay of [5_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000, 7_200_000, 14_400_000, 28_800_000, 28_800_000]) {
      clock += delay;
      await q.drain();
    }
    q.now = () => Date.now();
    const log = (await t.request('GET', `/api/v2/webhooks/${id}/deliveries`, { token: org.token })).body.deliveries;
    expect(log.map((d: any) => [d.status, d.attempts])).toEqual(Array(5).fill(['failed', 11]));
    const ep = (await t.request('GET', '/api/v2/webhooks', { token: org.token })).body.webhooks.find((w: any) => w.id === id);
    expect(ep).toMatchObject({ active: false, pausedReason: expect.stringContaining('failed in a row') });
    await t.request('DELETE', `/api/v2/webhooks/${id}`, { token: org.token });
  });
});

describe('other trees', () => {
  it('never see, test, replay, pause or delete another organization’s webhooks and deliveries', async () => {
    const other = await t.signUp('other@hooks.test');
    const q = { targetAccountId: org.id };
    const attempts = [
      await t.request('GET', '/api/v2/webhooks', { token: other.token, query: q }),
      await t.request('POST', '/api/v2/webhooks', {
        token: other.token,
        query: q,
        body: { url: `${receiver.url}/x`, events: ['message.created'] },
      }),
      await t.request('GET', `/api/v2/webhooks/${hookId}/deliveries`, { token: other.token, query: q }),
      await t.request('POST', `/api/v2/webhooks/${hookId}/test`, { token: other.token, query: q }),
      await t.request('DELETE', `/api/v2/webhooks/${hookId}`, { token: other.token, query: q }),
    ];
    for (const a of attempts) expect(a.status).toBe(403);
    for (const r of [
      await t.request('GET', `/api/v2/webhooks/${hookId}/deliveries`, { token: other.token }),
      await t.request('POST', `/api/v2/webhooks/${hookId}/test`, { token: other.token }),
      await t.request('POST', `/api/v2/webhooks/${hookId}/active`, { token: other.token, body: { active: false } }),
      await t.request('DELETE', `/api/v2/webhooks/${hookId}`, { token: other.token }),
    ])
      expect(r.status).toBe(404);
    expect((await t.request('GET', '/api/v2/webhooks', { token: other.token })).body.webhooks).toEqual([]);
    expect((await t.request('GET', '/api/v2/logs', { token: other.token, query: { kind: 'webhook' } })).body.logs).toEqual([]);
    expect((await t.request('GET', '/api/v2/webhooks', { token: org.token })).body.webhooks).toHaveLength(1);
  });

  it('deletes a webhook: nothing more is sent to it', async () => {
    expect((await t.request('DELETE', `/api/v2/webhooks/${hookId}`, { token: org.token })).status).toBe(200);
    const before = receiver.seen.length;
    await visitorSays('After delete');
    await run();
    expect(receiver.seen.length).toBe(before);
  });
});
