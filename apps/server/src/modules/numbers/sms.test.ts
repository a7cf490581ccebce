import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_LEASE_MS } from '../../platform/jobs/queue.ts';
import { LocalCarrier } from '../../platform/providers/carrier/local.ts';
import { createTestApp, type Session, type TestApp } from '../../testing/harness.ts';

let t: TestApp;
let org: Session;
let second: Session;
let number: string;
const as = (s: Session, body?: object) => ({
  token: s.token,
  query: { targetAccountId: s.id },
  ...(body ? { body: { targetAccountId: s.id, ...body } } : {}),
});
const carrier = () => t.services.deps.carrier as LocalCarrier;
/** Runs jobs and delivery receipts until both are quiet. */
async function settle() {
  for (let i = 0; i < 10; i++) {
    const ran = await t.services.inbox.queue.drain();
    await carrier().settle();
    if (ran === 0 && (await t.services.inbox.queue.drain()) === 0) return;
  }
}
const sent = async (to?: string) =>
  (await t.request('GET', '/api/dev/carrier/sent', { query: to ? { to } : {} })).body.messages as {
    from: string;
    to: string;
    body: string;
    status: string;
  }[];

beforeAll(async () => {
  t = await createTestApp({ JOBS_AUTOSTART: 'false' });
  org = await t.signUp('owner@sms.test', { businessName: 'Text Shop' });
  second = await t.signUp('owner@sms2.test', { businessName: 'Second Shop' });
});
afterAll(async () => {
  await t.close();
});

describe('numbers from the simulated pool', () => {
  it('gives an organization the next free number, once', async () => {
    const res = await t.request('POST', '/api/v2/phoneNumber/assign', as(org, {}));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, number: '+14152000100', phoneNumber: { country: 'US', smsEnabled: true } });
    number = res.body.number;
    const again = await t.request('POST', '/api/v2/phoneNumber/assign', as(org, {}));
    expect(again.status).toBe(409);
    const taken = await t.request('POST', '/api/v2/phoneNumber/assign', as(second, { number: '+1 (415) 200-0100' }));
    expect(taken.status).toBe(409);
    const outside = await t.request('POST', '/api/v2/phoneNumber/assign', as(second, { number: '+12125550000' }));
    expect(outside.status).toBe(422);
    const account = await t.request('GET', '/api/v1/account', { token: org.token });
    expect(account.body).toMatchObject({ vidaPhoneNumber: number, smsEnabled: true });
  });

  it("refuses another tree's organization", async () => {
    const res = await t.request('POST', '/api/v2/phoneNumber/assign', { token: second.token, body: { targetAccountId: org.id } });
    expect(res.status).toBe(403);
    const rows = await t.database.db.selectFrom('phone_numbers').select('number').where('account_id', '=', org.id).execute();
    expect(rows).toHaveLength(1);
  });
});

describe('SMS through the simulated carrier', () => {
  it('answers an inbound text with the agent, by SMS, and records the delivery receipt', async () => {
    const inbound = await t.request('POST', '/api/dev/carrier/inbound', {
      body: { from: '+1 206 555 0333', to: number, body: 'Do you take walk-ins?' },
    });
    expect(inbound.status).toBe(200);
    await settle();
    const out = await sent('+12065550333');
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({ from: number, to: '+12065550333', status: 'delivered' });
    expect(out[0]!.body.length).toBeGreaterThan(0);

    const list = await t.request('GET', '/api/v1/conversations', { ...as(org), query: { targetAccountId: org.id, type: 'agent' } });
    const room = list.body.rooms.find((r: { username: string }) => r.username === '+12065550333');
    expect(room).toMatchObject({ channel: 'sms', aiAgentEnabled: true, lastMessageDirection: 'outbound', lastMessageStatus: 'delivered' });
    const conv = await t.request('GET', `/api/v1/conversations/${room.roomId}`, as(org));
    expect(conv.body.messages.map((m: { direction: string; status: string }) => [m.direction, m.status])).toEqual([
      ['inbound', 'received'],
      ['outbound', 'delivered'],
    ]);
  });

  it('refuses texts to a number nobody has', async () => {
    const res = await t.request('POST', '/api/dev/carrier/inbound', { body: { from: '+12065550334', to: '+14152000199', body: 'hello?' } });
    expect(res.status).toBe(404);
  });

  it('sends staff messages on the SMS channel, failing unreachable and undeliverable numbers', async () => {
    const ok = await t.request('POST', '/api/v1/messages', as(org, { to: '+12065550444', body: 'Your crown is ready.' }));
    expect(ok.body.message).toMatchObject({ status: 'queued', channel: 'sms' });
    const unreachable = await t.request('POST', '/api/v1/messages', as(org, { to: '+12065550123', body: 'Hello?' }));
    const offPhone = await t.request('POST', '/api/v1/messages', as(org, { to: '+12065550222', body: 'Anyone?' }));
    await settle();
    const status = async (roomId: string) => (await t.request('GET', `/api/v1/conversations/${roomId}`, as(org))).body.messages.at(-1);
    expect(await status(ok.body.roomId)).toMatchObject({ status: 'delivered' });
    expect(await status(unreachable.body.roomId)).toMatchObject({ status: 'failed', error: expect.stringContaining('unreachable') });
    expect(await status(offPhone.body.roomId)).toMatchObject({ status: 'failed', error: expect.stringContaining('did not acknowledge') });
    // Sign-in codes still go through the carrier and the outbox.
    await t.request('POST', '/api/v1/signin/phoneNumber', { body: { phoneNumber: '+12065550999' } });
    const outbox = await t.request('GET', '/api/dev/outbox', { query: { to: '+12065550999' } });
    expect(outbox.body.messages[0]).toMatchObject({ channel: 'sms' });
  });

  it('never sends twice when the worker dies after the send and before the acknowledgement', async () => {
    const res = await t.request('POST', '/api/v1/messages', as(org, { to: '+12065550555', body: 'Exactly once.' }));
    const q = t.services.inbox.queue;
    let job = await q.claim();
    while (job && job.idempotency_key !== `send:${res.body.message.id}`) {
      await q.execute(job);
      job = await q.claim();
    }
    expect(job).toMatchObject({ kind: 'message.send' });
    await q.execute(job!, { ack: false });
    expect((await sent('+12065550555')).filter((m) => m.body === 'Exactly once.')).toHaveLength(1);

    // Worse: the crash also lost the message's own "sent" record.
    await t.database.db
      .updateTable('messages')
      .set({ status: 'queued', external_id: null })
      .where('id', '=', res.body.message.id)
      .execute();
    const now = Date.now();
    q.now = () => now + JOB_LEASE_MS + 1;
    try {
      await settle();
    } finally {
      q.now = () => Date.now();
    }
    const jobs = await t.database.db
      .selectFrom('jobs')
      .select(['status', 'attempts'])
      .where('idempotency_key', '=', `send:${res.body.message.id}`)
      .execute();
    expect(jobs).toEqual([{ status: 'done', attempts: 2 }]);
    expect((await sent('+12065550555')).filter((m) => m.body === 'Exactly once.')).toHaveLength(1);
    const conv = await t.request('GET', `/api/v1/conversations/${res.body.roomId}`, as(org));
    expect(conv.body.messages.at(-1)).toMatchObject({ body: 'Exactly once.', status: expect.stringMatching(/sent|delivered/) });
  });

  it('lists what the carrier sent, newest first', async () => {
    const all = await sent();
    expect(all.length).toBeGreaterThan(2);
    expect(all[0]).toEqual({
      from: expect.any(String),
      to: expect.any(String),
      body: expect.any(String),
      status: expect.any(String),
      createdAt: expect.any(Number),
    });
  });
});
