import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeTwilio, twilioError, twilioWebhook } from '../../../testing/fakes/twilio.ts';
import { createTestApp, type Session, type TestApp } from '../../../testing/harness.ts';
import { twilioSignature, verifyTwilioSignature } from './twilio.ts';

const SID = 'ACtest0000000000000000000000000000';
const TOKEN = 'twilio-auth-token-1';
const PUBLIC = 'http://localhost:3000';

/** A fake Twilio REST API on 127.0.0.1: records messages, can fail on demand. */
async function fakeTwilio() {
  const state = { messages: [] as Record<string, string>[], failNext: 0 };
  const server = await startFakeTwilio(SID, TOKEN, ({ method, path, form }) => {
    if (method !== 'POST') return undefined;
    // Buying the organization's number (IncomingPhoneNumbers; twilioNumbers.test.ts covers it in full).
    if (path === '/IncomingPhoneNumbers.json')
      return { status: 201, body: { sid: 'PN00000000000000000000000000000001', phone_number: form.PhoneNumber } };
    if (path !== '/Messages.json') return undefined;
    if (state.failNext > 0) {
      state.failNext--;
      return { status: 503, body: { message: 'Service unavailable' } };
    }
    if (form.To === '+15005550001') return twilioError(400, 21211, "The 'To' number is not a valid phone number.");
    const sid = `SM${String(state.messages.length + 1).padStart(32, '0')}`;
    state.messages.push({ ...form, sid });
    return { status: 201, body: { sid, status: 'queued', to: form.To, from: form.From, body: form.Body } };
  });
  return Object.assign(state, { url: server.url, close: () => server.close() });
}

let fake: Awaited<ReturnType<typeof fakeTwilio>>;
let t: TestApp;
let org: Session;
const NUMBER = '+14155551234';

const webhook = (path: string, params: Record<string, string>, opts: { token?: string; tamper?: Record<string, string> } = {}) =>
  twilioWebhook(t, { token: opts.token ?? TOKEN, publicUrl: PUBLIC }, path, params, { tamper: opts.tamper });
const inbound = (sid: string, body: string, from = '+12065550777') =>
  ({ MessageSid: sid, AccountSid: SID, From: from, To: NUMBER, Body: body, NumMedia: '0' }) as Record<string, string>;

beforeAll(async () => {
  fake = await fakeTwilio();
  t = await createTestApp({
    JOBS_AUTOSTART: 'false',
    TWILIO_ACCOUNT_SID: SID,
    TWILIO_AUTH_TOKEN: TOKEN,
    TWILIO_BASE_URL: fake.url,
    PUBLIC_URL: PUBLIC,
  });
  org = await t.signUp('owner@twilio.test', { businessName: 'Twilio Shop' });
  const res = await t.request('POST', '/api/v2/phoneNumber/assign', {
    token: org.token,
    body: { targetAccountId: org.id, number: NUMBER },
  });
  expect(res.status).toBe(200);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

describe('Twilio signatures', () => {
  it('match the documented algorithm and reject any change', () => {
    const params = { Body: 'hi', From: '+1', To: '+2' };
    const sig = twilioSignature(TOKEN, 'https://x.test/hook', params);
    expect(verifyTwilioSignature(TOKEN, 'https://x.test/hook', params, sig)).toBe(true);
    expect(verifyTwilioSignature(TOKEN, 'https://x.test/hook', { ...params, Body: 'hj' }, sig)).toBe(false);
    expect(verifyTwilioSignature(TOKEN, 'https://x.test/other', params, sig)).toBe(false);
    expect(verifyTwilioSignature(TOKEN, 'https://x.test/hook', params, undefined)).toBe(false);
  });
});

describe('the Twilio carrier', () => {
  it('takes a valid inbound webhook, and the agent answers through the REST API with a status callback', async () => {
    const res = await webhook('/api/v1/carrier/twilio/sms', inbound('SMin0001', 'Are you open today?'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/xml');
    await t.services.inbox.queue.drain();
    expect(fake.messages).toHaveLength(1);
    expect(fake.messages[0]).toMatchObject({ To: '+12065550777', From: NUMBER, StatusCallback: `${PUBLIC}/api/v1/carrier/twilio/status` });

    const status = await webhook('/api/v1/carrier/twilio/status', {
      MessageSid: fake.messages[0]!.sid!,
      MessageStatus: 'delivered',
      AccountSid: SID,
    });
    expect(status.statusCode).toBe(200);
    await t.services.inbox.queue.drain();
    const list = await t.request('GET', '/api/v1/conversations', { token: org.token, query: { targetAccountId: org.id, type: 'agent' } });
    expect(list.body.rooms[0]).toMatchObject({ username: '+12065550777', channel: 'sms', lastMessageStatus: 'delivered' });
  });

  it('rejects a tampered webhook and stores nothing', async () => {
    const res = await webhook('/api/v1/carrier/twilio/sms', inbound('SMin0002', 'original'), { tamper: { Body: 'changed in transit' } });
    expect(res.statusCode).toBe(403);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/v1/carrier/twilio/sms',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(inbound('SMin0003', 'no signature')).toString(),
    });
    expect(unsigned.statusCode).toBe(403);
    const rows = await t.database.db
      .selectFrom('messages')
      .select('body')
      .where('body', 'in', ['original', 'changed in transit', 'no signature'])
      .execute();
    expect(rows).toEqual([]);
  });

  it('rejects a stale signature (made with a rotated-out auth token) and ignores a replayed webhook', async () => {
    const stale = await webhook('/api/v1/carrier/twilio/sms', inbound('SMin0004', 'old key'), { token: 'twilio-auth-token-0' });
    expect(stale.statusCode).toBe(403);

    const params = inbound('SMin0005', 'say it once');
    expect((await webhook('/api/v1/carrier/twilio/sms', params)).statusCode).toBe(200);
    expect((await webhook('/api/v1/carrier/twilio/sms', params)).statusCode).toBe(200);
    await t.services.inbox.queue.drain();
    const rows = await t.database.db.selectFrom('messages').select('body').where('body', 'in', ['old key', 'say it once']).execute();
    expect(rows).toEqual([{ body: 'say it once' }]);
  });

  it('retries a send Twilio could not take, and sends it once', async () => {
    fake.failNext = 1;
    const before = fake.messages.length;
    const res = await t.request('POST', '/api/v1/messages', {
      token: org.token,
      body: { targetAccountId: org.id, to: '+12065550888', body: 'Retry me' },
    });
    const q = t.services.inbox.queue;
    await q.drain();
    expect(fake.messages.length).toBe(before);
    const now = Date.now();
    q.now = () => now + 60_000;
    try {
      await q.drain();
      await q.drain();
    } finally {
      q.now = () => Date.now();
    }
    expect(fake.messages.filter((m) => m.Body === 'Retry me')).toHaveLength(1);
    const conv = await t.request('GET', `/api/v1/conversations/${res.body.roomId}`, {
      token: org.token,
      query: { targetAccountId: org.id },
    });
    expect(conv.body.messages.at(-1)).toMatchObject({ status: 'sent' });
  });

  it('marks a message Twilio refuses as failed without retrying', async () => {
    const res = await t.request('POST', '/api/v1/messages', {
      token: org.token,
      body: { targetAccountId: org.id, to: '+15005550001', body: 'Bad number' },
    });
    await t.services.inbox.queue.drain();
    const conv = await t.request('GET', `/api/v1/conversations/${res.body.roomId}`, {
      token: org.token,
      query: { targetAccountId: org.id },
    });
    expect(conv.body.messages.at(-1)).toMatchObject({ status: 'failed', error: expect.stringContaining('21211') });
  });

  it('hides the simulated carrier API while Twilio is active', async () => {
    expect((await t.request('GET', '/api/dev/carrier/sent')).status).toBe(404);
    expect((await t.request('POST', '/api/dev/carrier/inbound', { body: { from: '+12065550777', to: NUMBER, body: 'x' } })).status).toBe(
      404,
    );
  });
});
