import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeServer } from '../../../testing/fakes/server.ts';
import { startFakeTwilio, twilioError } from '../../../testing/fakes/twilio.ts';
import { createTestApp, type Session, type TestApp } from '../../../testing/harness.ts';
import { apiAttempt, FAILURE_TIMEOUT_MS, providerFailureTable, thrownAttempt } from '../../../testing/providerFailures.ts';
import pino from 'pino';
import { loadConfig } from '../../../config.ts';
import { TwilioCarrier } from './twilio.ts';

/**
 * Twilio's failures as users meet them (docs/operations.md, "Provider failures"), and "any number"
 * searched and bought from the carrier, against a fake Twilio on 127.0.0.1.
 */
const SID = 'ACfail0000000000000000000000000000';
const TOKEN = 'twilio-failures-token';

const STOCK = ['+14155550100', '+14155550101', '+12125550100'];
let fake: FakeServer;
let t: TestApp;
let org: Session;
const bought = new Map<string, string>();
const searches: URLSearchParams[] = [];

beforeAll(async () => {
  fake = await startFakeTwilio(SID, TOKEN, ({ method, path, query, form }) => {
    const search = /^\/AvailablePhoneNumbers\/([A-Z]{2})\/Local\.json$/.exec(path);
    if (method === 'GET' && search) {
      searches.push(query);
      const list = STOCK.filter((n) => !bought.has(n)).filter((n) => !query.get('AreaCode') || n.startsWith(`+1${query.get('AreaCode')}`));
      return {
        status: 200,
        body: {
          available_phone_numbers: list.map((n) => ({
            phone_number: n,
            friendly_name: n,
            iso_country: 'US',
            capabilities: { voice: true, SMS: true, MMS: false },
          })),
        },
      };
    }
    if (method === 'POST' && path === '/IncomingPhoneNumbers.json') {
      if (bought.has(form.PhoneNumber!) || !STOCK.includes(form.PhoneNumber!))
        return twilioError(400, 21422, 'PhoneNumber requested is not available');
      const sid = `PN${String(bought.size + 1).padStart(32, '0')}`;
      bought.set(form.PhoneNumber!, sid);
      return { status: 201, body: { sid, phone_number: form.PhoneNumber } };
    }
    const del = /^\/IncomingPhoneNumbers\/(PN\w+)\.json$/.exec(path);
    if (method === 'DELETE' && del) {
      for (const [n, s] of bought) if (s === del[1]) bought.delete(n);
      return { status: 204 };
    }
    if (method === 'POST' && path === '/Messages.json') return { status: 201, body: { sid: `SM${'0'.repeat(32)}`, status: 'queued' } };
    return undefined;
  });
  t = await createTestApp({
    JOBS_AUTOSTART: 'false',
    TWILIO_ACCOUNT_SID: SID,
    TWILIO_AUTH_TOKEN: TOKEN,
    TWILIO_BASE_URL: fake.url,
    PROVIDER_TIMEOUT_MS: String(FAILURE_TIMEOUT_MS),
  });
  org = await t.signUp('owner@twfail.test', { businessName: 'Twilio Failures' });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const silent = pino({ level: 'silent' });
const adapterConfig = () =>
  loadConfig({
    DATA_DIR: t.dataDir,
    TWILIO_ACCOUNT_SID: SID,
    TWILIO_AUTH_TOKEN: TOKEN,
    TWILIO_BASE_URL: fake.url,
    PROVIDER_TIMEOUT_MS: String(FAILURE_TIMEOUT_MS),
  });
const as = (body: object) => ({ token: org.token, query: { targetAccountId: org.id }, body: { targetAccountId: org.id, ...body } });
const storedNumbers = async () =>
  (await t.request('GET', '/api/v2/phoneNumbers', { token: org.token, query: { targetAccountId: org.id } })).body;

describe('Twilio: "any number"', () => {
  it('searches the carrier in the country (and the organization area code when known), buys the first, stores it', async () => {
    const res = await t.request('POST', '/api/v2/phoneNumber/assign', as({ country: 'US' }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.number).toBe('+14155550100');
    expect(bought.get('+14155550100')).toBeDefined();
    expect(searches.at(-1)!.get('PageSize')).toBeTruthy();
    const again = await t.request('POST', '/api/v2/phoneNumber/assign', as({ country: 'US' }));
    expect(again).toMatchObject({ status: 409, body: { field: 'number' } });
    expect((await t.request('POST', '/api/v2/phoneNumber/release', as({ number: '+14155550100' }))).status).toBe(200);
    expect(bought.has('+14155550100')).toBe(false);
    // The organization's phone is in New York: the search asks for area code 212 first.
    await t.database.db.updateTable('accounts').set({ phone_number: '+12125559999' }).where('id', '=', org.id).execute();
    const near = await t.request('POST', '/api/v2/phoneNumber/assign', as({ country: 'US' }));
    expect(near.body.number).toBe('+12125550100');
    expect(searches.at(-1)!.get('AreaCode')).toBe('212');
    expect((await t.request('POST', '/api/v2/phoneNumber/release', as({ number: '+12125550100' }))).status).toBe(200);
    await t.database.db.updateTable('accounts').set({ phone_number: null }).where('id', '=', org.id).execute();
  });

  it('a purchase refused with 404 (20404) is a 502, 21422 a 409 naming number, a timeout a 503; nothing is stored', async () => {
    const offer = { status: 200, body: { available_phone_numbers: STOCK.map((n) => ({ phone_number: n, friendly_name: n })) } };
    fake.failNext(offer);
    fake.failNext(twilioError(404, 20404, 'The requested resource was not found'), 5);
    const notFound = await apiAttempt(t, 'POST', '/api/v2/phoneNumber/assign', as({ country: 'US' }));
    fake.clearFailures();
    expect(notFound).toMatchObject({ status: 502, retryAfter: null });
    expect(notFound.message).toMatch(/Twilio refused the purchase \(404 20404\): The requested resource was not found/);

    // Someone else buys each number Twilio offered between our search and our purchase (21422).
    fake.failNext(offer);
    fake.failNext(twilioError(400, 21422, 'PhoneNumber requested is not available'), 3);
    const taken = await apiAttempt(t, 'POST', '/api/v2/phoneNumber/assign', as({ country: 'US' }));
    fake.clearFailures();
    expect(taken).toMatchObject({ status: 409, field: 'number' });

    const chosen = await apiAttempt(t, 'POST', '/api/v2/phoneNumber/assign', as({ number: '+15005550199' }));
    expect(chosen).toMatchObject({ status: 409, field: 'number' });

    fake.failNext({ status: 200, hang: true }, 5);
    const slow = await apiAttempt(t, 'POST', '/api/v2/phoneNumber/assign', as({ number: '+14155550101' }));
    fake.clearFailures();
    expect(slow).toMatchObject({ status: 503, retryAfter: '30' });
    expect(slow.message).toContain('Twilio did not answer the purchase');
    expect((await storedNumbers()).phoneNumbers).toEqual([]);
  });
});

describe('Twilio: the table of failures', () => {
  const twilioShape = (status: number, message: string) => twilioError(status, 20000 + status, message);
  const nothingStored = async () => expect((await storedNumbers()).phoneNumbers).toEqual([]);

  describe('buying a chosen number (POST /api/v2/phoneNumber/assign)', () => {
    providerFailureTable({
      fake: () => fake,
      vendorError: twilioShape,
      attempt: () => apiAttempt(t, 'POST', '/api/v2/phoneNumber/assign', as({ number: '+14155550101' })),
      after: nothingStored,
    });
  });

  describe('searching numbers (POST /api/v2/phoneNumber/search/local/prefix)', () => {
    providerFailureTable({
      fake: () => fake,
      vendorError: twilioShape,
      attempt: () => apiAttempt(t, 'POST', '/api/v2/phoneNumber/search/local/prefix', as({ prefix: '415', strict: true })),
      // Twilio's 404 for a search means it sells no numbers there: an empty list.
      overrides: { '404': { status: 200, says: [], retryAfter: null } },
    });
  });

  describe('sending a text (the adapter, as the send job sees it)', () => {
    const carrier = () => new TwilioCarrier(t.database.db, silent, adapterConfig());
    let n = 0;
    providerFailureTable({
      fake: () => fake,
      vendorError: twilioShape,
      attempt: () => thrownAttempt(() => carrier().sendSms({ to: '+14155550123', body: 'hello', idempotencyKey: `fail-${n++}` })),
    });
    it('a number Twilio calls invalid (21211) is a refusal naming `to`, not retried', async () => {
      fake.failNext(twilioError(400, 21211, "The 'To' number +1415 is not a valid phone number."));
      const seen = await thrownAttempt(() => carrier().sendSms({ to: '+1415', body: 'hello', idempotencyKey: `fail-${n++}` }));
      expect(seen).toMatchObject({ status: 422, field: 'to', retryAfter: null });
    });
  });

  describe('placing a call (the adapter: the call is marked failed with the reason)', () => {
    providerFailureTable({
      fake: () => fake,
      vendorError: twilioShape,
      attempt: async () => {
        const r = await new TwilioCarrier(t.database.db, silent, adapterConfig()).placeCall({
          callId: 'c1',
          from: '+14155550100',
          to: '+14155550123',
          ticket: 'x',
          streamUrl: 'wss://x',
        });
        // The call pipeline gets a failed status and the mapped reason (never a throw).
        expect(r.status).toBe('failed');
        return {
          status: /did not answer|trouble|rate limiting|could not read/.test(r.error ?? '') ? 503 : 502,
          message: r.error ?? '',
          retryAfter: null,
        };
      },
      overrides: {
        '429': { retryAfter: null },
        '500': { retryAfter: null },
        timeout: { retryAfter: null },
        'non-JSON': { retryAfter: null },
      },
    });
  });
});
