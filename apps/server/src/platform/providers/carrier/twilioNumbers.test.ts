import { phraseDigits } from '@switchboard/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeTwilio, twilioError, twilioWebhook } from '../../../testing/fakes/twilio.ts';
import { createTestApp, type Session, type TestApp } from '../../../testing/harness.ts';

const SID = 'ACnum00000000000000000000000000000';
const TOKEN = 'twilio-numbers-token';
const PUBLIC = 'https://numbers.example.com';

/**
 * A fake Twilio on 127.0.0.1 speaking the numbers API: AvailablePhoneNumbers/{country}/Local (AreaCode,
 * Contains with letters and *, InLocality, InRegion), IncomingPhoneNumbers (buy with VoiceUrl/SmsUrl,
 * 21422 when taken, DELETE to release) and Calls (a called phone that forwards passes the call to the
 * target number's VoiceUrl, signed, with the caller's number kept).
 */
interface Fake {
  url: string;
  searches: URLSearchParams[];
  bought: Map<string, { sid: string; number: string; voiceUrl: string; smsUrl: string }>;
  released: string[];
  calls: Record<string, string>[];
  forwarding: Map<string, string>;
  deliver: (url: string, params: Record<string, string>) => Promise<void>;
  close(): Promise<void>;
}
const STOCK = [
  { phone_number: '+14155550100', friendly_name: '(415) 555-0100', locality: 'San Francisco', region: 'CA', caps: [true, true, true] },
  { phone_number: '+14152074992', friendly_name: '(415) 207-4992', locality: 'San Francisco', region: 'CA', caps: [true, true, false] },
  { phone_number: '+15125749920', friendly_name: '(512) 574-9920', locality: 'Austin', region: 'TX', caps: [true, false, false] },
];
function matchesContains(national: string, pattern: string): boolean {
  const p = [...pattern].map((c) => (c === '*' ? '.' : phraseDigits(c))).join('');
  return p.length === national.length ? new RegExp(`^${p}$`).test(national) : new RegExp(p).test(national);
}
async function fakeTwilio(): Promise<Fake> {
  const fake: Fake = {
    url: '',
    searches: [],
    bought: new Map(),
    released: [],
    calls: [],
    forwarding: new Map(),
    deliver: async () => undefined,
    close: async () => undefined,
  };
  const server = await startFakeTwilio(SID, TOKEN, ({ method, path, query: q, form }) => {
    const search = /^\/AvailablePhoneNumbers\/([A-Z]{2})\/Local\.json$/.exec(path);
    if (method === 'GET' && search) {
      fake.searches.push(q);
      if (search[1] !== 'US') return twilioError(404, 20404, 'The requested resource was not found');
      const list = STOCK.filter((n) => !fake.bought.has(n.phone_number))
        .filter((n) => !q.get('AreaCode') || n.phone_number.startsWith(`+1${q.get('AreaCode')}`))
        .filter((n) => !q.get('Contains') || matchesContains(n.phone_number.slice(2), q.get('Contains')!))
        .filter((n) => !q.get('InLocality') || n.locality.toLowerCase() === q.get('InLocality')!.toLowerCase())
        .filter((n) => !q.get('InRegion') || n.region === q.get('InRegion'))
        .map(({ caps, ...n }) => ({
          ...n,
          iso_country: 'US',
          lata: '722',
          rate_center: 'SNFC',
          capabilities: { voice: caps[0], SMS: caps[1], MMS: caps[2], fax: false },
        }));
      return { status: 200, body: { available_phone_numbers: list, uri: path } };
    }
    if (method === 'POST' && path === '/IncomingPhoneNumbers.json') {
      if (fake.bought.has(form.PhoneNumber!) || !STOCK.some((n) => n.phone_number === form.PhoneNumber))
        return twilioError(400, 21422, 'PhoneNumber requested is not available');
      const sid = `PN${String(fake.bought.size + 1).padStart(32, '0')}`;
      fake.bought.set(form.PhoneNumber!, { sid, number: form.PhoneNumber!, voiceUrl: form.VoiceUrl!, smsUrl: form.SmsUrl! });
      return { status: 201, body: { sid, phone_number: form.PhoneNumber, voice_url: form.VoiceUrl, sms_url: form.SmsUrl } };
    }
    const del = /^\/IncomingPhoneNumbers\/(PN\w+)\.json$/.exec(path);
    if (method === 'DELETE' && del) {
      const entry = [...fake.bought.values()].find((b) => b.sid === del[1]);
      if (!entry) return undefined;
      fake.bought.delete(entry.number);
      fake.released.push(entry.sid);
      return { status: 204 };
    }
    if (method === 'POST' && path === '/Calls.json') {
      fake.calls.push(form);
      const sid = `CA${String(fake.calls.length).padStart(32, '0')}`;
      const target = fake.forwarding.get(form.To!);
      const ours = target ? [...fake.bought.values()].find((b) => b.number === target) : undefined;
      return {
        status: 201,
        body: { sid, status: 'queued' },
        // A called phone that forwards: the call arrives at our number's VoiceUrl with the caller's number kept.
        afterReply: () =>
          ours &&
          fake.deliver(ours.voiceUrl, {
            CallSid: `CA${sid.slice(3)}f`,
            AccountSid: SID,
            From: form.From!,
            To: target!,
            ForwardedFrom: form.To!,
            Direction: 'inbound',
            CallStatus: 'ringing',
          }),
      };
    }
    return undefined;
  });
  fake.url = server.url;
  fake.close = () => server.close();
  return fake;
}

let fake: Fake;
let t: TestApp;
let org: Session;
let other: Session;
const as = (s: Session, body?: object) => ({
  token: s.token,
  query: { targetAccountId: s.id },
  ...(body ? { body: { targetAccountId: s.id, ...body } } : {}),
});

beforeAll(async () => {
  fake = await fakeTwilio();
  t = await createTestApp({
    JOBS_AUTOSTART: 'false',
    TWILIO_ACCOUNT_SID: SID,
    TWILIO_AUTH_TOKEN: TOKEN,
    TWILIO_BASE_URL: fake.url,
    PUBLIC_URL: PUBLIC,
  });
  // Twilio calls our webhook, signed with the auth token over the URL it was given.
  const inFlight = new Set<Promise<void>>();
  fake.deliver = (url, params) => {
    const delivery = (async () => {
      const res = await twilioWebhook(t, { token: TOKEN, publicUrl: PUBLIC }, url.slice(PUBLIC.length), params);
      expect(res.statusCode).toBe(200);
    })();
    inFlight.add(delivery);
    return delivery.finally(() => inFlight.delete(delivery));
  };
  org = await t.signUp('owner@twnum.test', { businessName: 'Twilio Numbers' });
  other = await t.signUp('owner@twnum2.test', { businessName: 'Twilio Other' });
  // The forwarding check waits on a fake clock whose wait ends once the fake has delivered the forwarded
  // call it starts right after answering Calls.json (none when the phone does not forward). Ending it at
  // once raced that delivery, and a slower database lost the race now and then.
  t.services.numbers.forwardingClock.sleep = async () => {
    await Promise.all([...inFlight]);
  };
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('numbers through Twilio', () => {
  it('searches AvailablePhoneNumbers by AreaCode, anchored Contains, InLocality/InRegion and a phrase', async () => {
    const byCode = await t.request('POST', '/api/v2/phoneNumber/search/local/prefix', as(org, { prefix: '415', strict: true }));
    expect(byCode.body.numbers.map((n: { number: string }) => n.number)).toEqual(['+14155550100', '+14152074992']);
    expect(fake.searches.at(-1)!.get('AreaCode')).toBe('415');
    expect(byCode.body.numbers[1]).toMatchObject({
      locality: 'San Francisco',
      region: 'CA',
      capabilities: { voice: true, sms: true, mms: false },
    });
    const byPrefix = await t.request('POST', '/api/v2/phoneNumber/search/local/prefix', as(org, { prefix: '415207', strict: true }));
    expect(fake.searches.at(-1)!.get('Contains')).toBe('415207****');
    expect(byPrefix.body.numbers.map((n: { number: string }) => n.number)).toEqual(['+14152074992']);
    await t.request('POST', '/api/v2/phoneNumber/search/local/locality', as(org, { city: 'Austin', region: 'TX' }));
    expect(Object.fromEntries(fake.searches.at(-1)!)).toMatchObject({ InLocality: 'Austin', InRegion: 'TX' });
    const phrase = await t.request('POST', '/api/v2/phoneNumber/search/local/phrase', as(org, { phrase: 'pizza' }));
    expect(fake.searches.at(-1)!.get('Contains')).toBe('PIZZA');
    expect(phrase.body.numbers.map((n: { vanity: string }) => n.vanity).sort()).toEqual(['(415) 20-PIZZA', '(512) 5-PIZZA0']);
    const abroad = await t.request('POST', '/api/v2/phoneNumber/search/local/locality', as(org, { city: 'Berlin', country: 'DE' }));
    expect(abroad.body.numbers).toEqual([]);
  });

  it('buys with our voice and SMS webhooks, refuses a number gone since the search, and releases with DELETE', async () => {
    const res = await t.request('POST', '/api/v2/phoneNumber/assign', as(org, { number: '+14152074992' }));
    expect(res.status).toBe(200);
    expect(res.body.phoneNumber).toMatchObject({ provider: 'twilio', locality: 'San Francisco' });
    expect(fake.bought.get('+14152074992')).toMatchObject({
      voiceUrl: `${PUBLIC}/api/v1/calls/twilio/voice`,
      smsUrl: `${PUBLIC}/api/v1/carrier/twilio/sms`,
    });
    // Someone else bought it at Twilio after our search.
    fake.bought.set('+14155550100', { sid: 'PNelsewhere', number: '+14155550100', voiceUrl: '', smsUrl: '' });
    const lost = await t.request('POST', '/api/v2/phoneNumber/assign', as(other, { number: '+14155550100' }));
    expect(lost.status).toBe(409);
    expect(lost.body.message).toContain('bought by someone else after your search');
    expect((await t.request('POST', '/api/v2/phoneNumber/release', as(other, { number: '+14152074992' }))).status).toBe(404);
    expect(fake.released).toEqual([]);
    const rel = await t.request('POST', '/api/v2/phoneNumber/release', as(org, { number: '+14152074992' }));
    expect(rel.status).toBe(200);
    expect(fake.released).toEqual(['PN00000000000000000000000000000001']);
    expect(fake.bought.has('+14152074992')).toBe(false);
  });

  it('speaks a BYO code with <Say> and verifies forwarding by the call Twilio delivers', async () => {
    const n = (await t.request('POST', '/api/v2/phoneNumber/assign', as(org, { number: '+15125749920' }))).body.number;
    await t.request('POST', '/api/v2/phoneNumber/byo/assign', as(org, { number: '+13125550101', method: 'call' }));
    const say = fake.calls.at(-1)!;
    expect(say).toMatchObject({ To: '+13125550101' });
    expect(say.Twiml).toMatch(/<Say>Your Switchboard verification code is \d, \d, \d, \d, \d, \d\.<\/Say>/);

    const cell = '+16465550123';
    const none = await t.request('POST', '/api/v1/verifyCellForwarding', as(org, { phoneNumber: cell }));
    expect(none.body).toMatchObject({ outcome: 'no_call' });
    expect(fake.calls.at(-1)).toMatchObject({ To: cell, From: n });
    fake.forwarding.set(cell, n);
    const ok = await t.request('POST', '/api/v1/verifyCellForwarding', as(org, { phoneNumber: cell }));
    expect(ok.body).toMatchObject({ verified: true, outcome: 'success', seen: n });
  });
});
