import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeepgramStt } from '../../../platform/providers/stt/deepgram.ts';
import { ElevenLabsTts } from '../../../platform/providers/tts/elevenlabs.ts';
import { OpenAiTts } from '../../../platform/providers/tts/openai.ts';
import { fakeDeepgram, fakeSpeechApis, GOOD_KEY } from '../../../testing/fakes/speech.ts';
import { createTestApp, type Session, type TestApp } from '../../../testing/harness.ts';
import { MediaClient, mulawFrames, ScriptedStt, ToneTts } from '../../../testing/voice.ts';
import { splitSentences } from './session.ts';

/** Calls on the cloud engines (fakes on 127.0.0.1), engine failures as notices, and the agent's voice settings. */
describe('calls: speech engines and voice settings', () => {
  let t: TestApp;
  let org: Session;
  let other: Session;
  let base: string;
  let dg: Awaited<ReturnType<typeof fakeDeepgram>>;
  let apis: Awaited<ReturnType<typeof fakeSpeechApis>>;
  const dgTexts: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ JOBS_AUTOSTART: 'false' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    org = await t.signUp('owner@speech.test', { businessName: 'Speech Co' });
    other = await t.signUp('owner@other-speech.test', { businessName: 'Other Speech' });
    dg = await fakeDeepgram(dgTexts);
    apis = await fakeSpeechApis([]);
  });
  afterAll(async () => {
    await t.close();
    await dg.close();
    await apis.close();
  });

  async function webCall(s: Session = org) {
    const placed = await t.request('POST', '/api/v1/calls/web', { token: s.token, body: { targetAccountId: s.id } });
    expect(placed.status).toBe(200);
    const caller = await MediaClient.open(`${base}/api/v1/calls/media`);
    caller.start(placed.body.ticket);
    return { caller, callId: placed.body.call.id as string };
  }
  const agentTurn = (m: any) => m.event === 'transcript' && m.turn.role === 'agent';
  const callerTurn = (m: any) => m.event === 'transcript' && m.turn.role === 'caller';
  const notice = (m: any) => m.event === 'status' && typeof m.notice === 'string';
  const save = (body: object, s: Session = org) =>
    t.request('POST', '/api/v2/campaign', { token: s.token, body: { targetAccountId: s.id, ...body } });

  it('streams the caller’s speech to Deepgram while they talk and answers what it heard', async () => {
    t.services.voice.stt = new DeepgramStt({ apiKey: GOOD_KEY, baseUrl: dg.url });
    t.services.voice.tts = new ToneTts(5);
    dgTexts.push('Are you open on Sunday?');
    const { caller } = await webCall();
    await caller.until(agentTurn, 'the greeting');
    caller.media([...mulawFrames(15, true), ...mulawFrames(35, false)]);
    const heard = await caller.until(callerTurn, 'the caller turn');
    expect(heard.turn.text).toBe('Are you open on Sunday?');
    // The stream opened at speech start with the pre-roll and got every later frame: 15 loud + 30 of silence
    // until the end of turn (the last frames after it are not part of the turn).
    expect(dg.streams.at(-1)!.audioBytes).toBe((15 + 30) * 160);
    await caller.until((m) => agentTurn(m) && m !== heard, 'the reply', caller.messages.indexOf(heard));
    caller.ws.close();
  });

  it('says plainly when an engine refuses the key, and the call goes on', async () => {
    t.services.voice.stt = new ScriptedStt(['Hello?']);
    t.services.voice.tts = new ElevenLabsTts({ apiKey: 'wrong', baseUrl: apis.url });
    const { caller, callId } = await webCall();
    const n = await caller.until(notice, 'the notice');
    expect(n.notice).toBe('ElevenLabs refused the API key (401): check ELEVENLABS_API_KEY.');
    // The greeting still reaches the transcript as text; the caller can still talk.
    caller.media([...mulawFrames(15, true), ...mulawFrames(35, false)]);
    await caller.until(callerTurn, 'the caller turn');
    caller.send({ event: 'stop', streamSid: 'MZ' });
    await caller.closed();
    await expect
      .poll(
        async () =>
          (await t.request('GET', `/api/v1/calls/${callId}`, { token: org.token, query: { targetAccountId: org.id } })).body.call.status,
      )
      .toBe('completed');
    const review = await t.services.calls.forReview();
    expect(review.calls.find((c) => c.id === callId)?.reasons).toContain('speech engine missing');
  });

  it('plays streamed speech as it arrives, and marks each sentence once all of it has played', async () => {
    t.services.voice.stt = new ScriptedStt([]);
    t.services.voice.tts = new ElevenLabsTts({ apiKey: GOOD_KEY, baseUrl: apis.url });
    let release!: () => void;
    apis.gate.hold = new Promise<void>((r) => (release = r));
    const held = apis.gate.held;
    // The other organization: default settings (automatic engines).
    const { caller } = await webCall(other);
    await caller.until((m) => m.event === 'media', 'the first streamed audio');
    // The engine is still holding the rest of the first sentence back, and no sentence is marked yet.
    expect(apis.gate.held).toBe(held + 1);
    expect(caller.messages.some((m) => m.event === 'mark')).toBe(false);
    apis.gate.hold = null;
    release();
    const greeting = await caller.until(agentTurn, 'the greeting');
    const sentences = splitSentences(`${greeting.turn.text} `).sentences;
    expect(sentences.length).toBeGreaterThanOrEqual(2);
    // The fake speaks 80 samples (10 ms) a character: each sentence is ceil(chars / 2) frames, then its mark.
    const events = caller.messages.filter((m) => m.event === 'media' || m.event === 'mark').map((m) => m.event);
    const expected = sentences.flatMap((x) => [...Array.from({ length: Math.ceil(x.length / 2) }, () => 'media'), 'mark']);
    expect(events).toEqual(expected);
    caller.ws.close();
  });

  it('a caller talking over streamed speech stops it mid-sentence: clear, the turn cut, the request dropped', async () => {
    t.services.voice.stt = new ScriptedStt([]);
    t.services.voice.tts = new ElevenLabsTts({ apiKey: GOOD_KEY, baseUrl: apis.url });
    let release!: () => void;
    apis.gate.hold = new Promise<void>((r) => (release = r));
    const { caller, callId } = await webCall(other);
    await caller.until((m) => m.event === 'media', 'the first streamed audio');
    caller.media(mulawFrames(10, true));
    await caller.until((m) => m.event === 'clear', 'clear');
    apis.gate.hold = null;
    release();
    caller.send({ event: 'stop', streamSid: 'MZ' });
    await caller.closed();
    const call = async () =>
      (await t.request('GET', `/api/v1/calls/${callId}`, { token: other.token, query: { targetAccountId: other.id } })).body.call;
    await expect.poll(async () => (await call()).status).toBe('completed');
    // Two frames (40 ms) of the greeting's first sentence were played: the transcript keeps none of its
    // words, and the dropped request is not reported as an engine failure.
    expect((await call()).transcript.filter((x: { role: string }) => x.role === 'agent')).toEqual([]);
    expect(caller.messages.filter(notice)).toEqual([]);
  });

  it('without any engine the call still connects and says which package or key to add', async () => {
    t.services.voice.stt = null;
    t.services.voice.tts = null;
    const { caller } = await webCall(other);
    const greeting = await caller.until(agentTurn, 'the greeting as text');
    expect(greeting.turn.text.length).toBeGreaterThan(0);
    expect(caller.messages.filter(notice).map((m) => m.notice)).toEqual([
      'Speech recognition is not installed: install the Debian packages pocketsphinx and pocketsphinx-en-us, or set DEEPGRAM_API_KEY or OPENAI_API_KEY.',
      'Speech synthesis is not installed: install the Debian package espeak-ng, or set ELEVENLABS_API_KEY or OPENAI_API_KEY.',
    ]);
    caller.ws.close();
  });

  it('stores voice settings with the staging copy, validates them, and publishes them to production', async () => {
    const bad = await save({ voiceSettings: { vadThreshold: 10 } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('vadThreshold');
    const badEngine = await save({ voiceSettings: { sttEngine: 'whisper-local' } });
    expect(badEngine.status).toBe(400);
    expect(JSON.stringify(badEngine.body)).toContain('sttEngine');

    const ok = await save({ voice: 'nova', voiceSettings: { endOfTurnMs: 1000, ttsEngine: 'openai' } });
    expect(ok.status).toBe(200);
    expect(ok.body.campaign.voiceSettings).toEqual({
      sttEngine: 'auto',
      ttsEngine: 'openai',
      vadThreshold: 400,
      confirmMs: 120,
      endOfTurnMs: 1000,
    });
    const prod = await t.request('GET', '/api/v2/agentEventRules/default', { token: org.token, query: { targetAccountId: org.id } });
    expect(prod.body.campaign.voiceSettings.endOfTurnMs).toBe(600);
    // Another tree's token changes nothing here.
    const foreign = await t.request('POST', '/api/v2/campaign', {
      token: other.token,
      body: { targetAccountId: org.id, voiceSettings: { endOfTurnMs: 2000 } },
    });
    expect(foreign.status).toBeGreaterThanOrEqual(400);
    const staging = await t.request('GET', '/api/v2/agentEventRules/staging', { token: org.token, query: { targetAccountId: org.id } });
    expect(staging.body.campaign.voiceSettings.endOfTurnMs).toBe(1000);
  });

  it('a test call uses the staging settings: the chosen engine, the voice and the end-of-turn silence', async () => {
    const stt = new ScriptedStt(['One more question.']);
    t.services.voice.stt = stt;
    t.services.voice.tts = new ToneTts(5);
    t.services.voice.ttsEngines = {};
    // ttsEngine 'openai' but no OPENAI_API_KEY on this server: the call names the key.
    const first = await webCall();
    const n = await first.caller.until(notice, 'the notice');
    expect(n.notice).toBe('The agent speaks with OpenAI, but OPENAI_API_KEY is not set on the server.');
    first.caller.ws.close();

    const openai = new OpenAiTts({ apiKey: GOOD_KEY, baseUrl: `${apis.url}/v1` });
    t.services.voice.ttsEngines = { openai };
    const { caller } = await webCall();
    await caller.until(agentTurn, 'the greeting');
    expect(apis.seen.at(-1)!.json).toMatchObject({ voice: 'nova', response_format: 'pcm' });
    // endOfTurnMs 1000: the utterance is the 15 loud frames and 50 frames of silence (600 ms would be 30).
    caller.media([...mulawFrames(15, true), ...mulawFrames(55, false)]);
    await caller.until(callerTurn, 'the caller turn');
    expect(stt.heard).toEqual([(15 + 50) * 160]);
    caller.ws.close();
  });
});
