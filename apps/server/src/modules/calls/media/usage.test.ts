import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ElevenLabsTts } from '../../../platform/providers/tts/elevenlabs.ts';
import { OpenAiTts } from '../../../platform/providers/tts/openai.ts';
import { fakeSpeechApis, GOOD_KEY } from '../../../testing/fakes/speech.ts';
import { createTestApp, type Session, type TestApp } from '../../../testing/harness.ts';
import { expectLedgerBalanced, fundWallet, subscribeToMeteredPlan, walletBalance } from '../../../testing/money.ts';
import { ScriptedStt, ToneTts } from '../../../testing/voice.ts';
import { voiceUsageItem } from './engines.ts';

const tier = (price: number) => ({ type: 'volume', unit: 'minute', tiers: [{ quantityMin: 1, quantityMax: null, price }] });

/** Phone minutes spoken by a cloud voice (OpenAI, ElevenLabs) are `advancedVoice` usage; espeak-ng's are `voice`. */
describe('calls: voice and advancedVoice minutes', () => {
  let t: TestApp;
  let org: Session;
  let apis: Awaited<ReturnType<typeof fakeSpeechApis>>;
  const read = async (id: string) =>
    (await t.request('GET', `/api/v1/calls/${id}`, { token: org.token, query: { targetAccountId: org.id } })).body.call;
  const usage = async () =>
    Object.fromEntries(
      (await t.database.db.selectFrom('usage_daily').select(['item', 'quantity']).where('account_id', '=', org.id).execute()).map((u) => [
        u.item,
        Number(u.quantity),
      ]),
    );
  const charges = async () =>
    Object.fromEntries(
      (await t.database.db.selectFrom('usage_charges').select(['item', 'amount']).where('account_id', '=', org.id).execute()).map((u) => [
        u.item,
        Number(u.amount),
      ]),
    );
  async function callOnce(to: string) {
    const placed = await t.request('POST', '/api/v1/calls', { token: org.token, body: { targetAccountId: org.id, to } });
    expect(placed.status).toBe(200);
    // The simulated phone answers, hears the greeting and hangs up.
    await expect.poll(() => read(placed.body.call.id), { timeout: 10_000 }).toMatchObject({ status: 'completed' });
    return read(placed.body.call.id);
  }

  beforeAll(async () => {
    t = await createTestApp({ JOBS_AUTOSTART: 'false' });
    org = await t.signUp('owner@advanced-voice.test', { businessName: 'Advanced Voice Co' });
    expect((await t.request('POST', '/api/v2/phoneNumber/assign', { token: org.token, body: { targetAccountId: org.id } })).status).toBe(
      200,
    );
    await subscribeToMeteredPlan(t.database.db, org.id, { voiceMinutes: tier(50_000), advancedVoiceMinutes: tier(150_000) });
    await fundWallet(t.database.db, org.id, 1_000_000);
    apis = await fakeSpeechApis([]);
    t.services.voice.stt = new ScriptedStt([]);
  });
  afterAll(async () => {
    await expectLedgerBalanced(t.database.db);
    await t.close();
    await apis.close();
  });

  it('the rule: any cloud voice makes the minutes advanced', () => {
    expect(voiceUsageItem([])).toBe('voice');
    expect(voiceUsageItem(['espeak-ng'])).toBe('voice');
    expect(voiceUsageItem(['espeak-ng', 'elevenlabs'])).toBe('advancedVoice');
    expect(voiceUsageItem(['openai'])).toBe('advancedVoice');
  });

  it('a call spoken by ElevenLabs counts and is charged as advancedVoice; one by a local voice as voice', async () => {
    t.services.voice.tts = new ElevenLabsTts({ apiKey: GOOD_KEY, baseUrl: apis.url });
    // The call detail's cost is at the list price of its item ($0.15 advanced, $0.05 voice a minute).
    expect((await callOnce('+14155551301')).cost).toEqual({ minutes: 1, microUsd: 150_000 });
    expect(await usage()).toEqual({ advancedVoice: 1 });
    // The charge follows the call's final row (a call cannot be refused after it happened).
    await expect.poll(charges).toEqual({ advancedVoice: 150_000 });
    expect(await walletBalance(t.database.db, org.id)).toBe(850_000);

    t.services.voice.tts = new ToneTts(5);
    expect((await callOnce('+14155551302')).cost).toEqual({ minutes: 1, microUsd: 50_000 });
    expect(await usage()).toEqual({ advancedVoice: 1, voice: 1 });
    await expect.poll(charges).toEqual({ advancedVoice: 150_000, voice: 50_000 });
    expect(await walletBalance(t.database.db, org.id)).toBe(800_000);
  });

  it('a call spoken by OpenAI counts as advancedVoice too', async () => {
    t.services.voice.tts = new OpenAiTts({ apiKey: GOOD_KEY, baseUrl: `${apis.url}/v1` });
    await callOnce('+14155551303');
    expect(await usage()).toEqual({ advancedVoice: 2, voice: 1 });
    await expect.poll(() => walletBalance(t.database.db, org.id)).toBe(650_000);
  });
});
