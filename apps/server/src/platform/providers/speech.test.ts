import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { loadConfig } from '../../config.ts';
import { fakeDeepgram, fakeSpeechApis, GOOD_KEY } from '../../testing/fakes/speech.ts';
import { tone } from '../../testing/voice.ts';
import { rms } from '../audio/index.ts';
import { SpeechError } from './speech.ts';
import { DeepgramStt } from './stt/deepgram.ts';
import { createSttEngines, defaultStt } from './stt/index.ts';
import { OpenAiStt } from './stt/openai.ts';
import { ElevenLabsTts } from './tts/elevenlabs.ts';
import { createTtsEngines, defaultTts } from './tts/index.ts';
import { OpenAiTts } from './tts/openai.ts';

const log = pino({ level: 'silent' });
const second = tone(1);

describe('Deepgram live transcription (fake Deepgram on 127.0.0.1)', () => {
  let dg: Awaited<ReturnType<typeof fakeDeepgram>>;
  beforeAll(async () => {
    dg = await fakeDeepgram([]);
  });
  afterAll(() => dg.close());

  it('streams μ-law 8 kHz with the token, closes the stream and keeps the final results', async () => {
    const texts = ['What are your opening hours?'];
    const fake = await fakeDeepgram(texts);
    const stt = new DeepgramStt({ apiKey: GOOD_KEY, baseUrl: fake.url, model: 'nova-2-phonecall' });
    const s = stt.stream();
    // Audio written while the socket is still connecting is sent once it opens.
    s.write(second.subarray(0, 4000));
    s.write(second.subarray(4000));
    expect(await s.finish()).toBe('What are your opening hours?');
    expect(fake.streams).toHaveLength(1);
    const q = fake.streams[0]!.query;
    expect([q.get('encoding'), q.get('sample_rate'), q.get('channels'), q.get('model')]).toEqual([
      'mulaw',
      '8000',
      '1',
      'nova-2-phonecall',
    ]);
    // One byte per sample: the whole second arrived.
    expect(fake.streams[0]!.audioBytes).toBe(8000);
    expect(fake.streams[0]!.closed).toBe(true);
    await fake.close();
  });

  it('transcribes a whole utterance through one stream', async () => {
    const fake = await fakeDeepgram(['Hello there.']);
    expect(await new DeepgramStt({ apiKey: GOOD_KEY, baseUrl: fake.url }).transcribe(second)).toBe('Hello there.');
    await fake.close();
  });

  it('sends KeepAlive while no audio flows', async () => {
    const fake = await fakeDeepgram(['kept']);
    const s = new DeepgramStt({ apiKey: GOOD_KEY, baseUrl: fake.url, keepAliveMs: 20 }).stream();
    await until(() => (fake.streams[0]?.keepAlives ?? 0) >= 2);
    expect(await s.finish()).toBe('kept');
    await fake.close();
  });

  it('names the key on 401, the rate limit on 429, and a stream that never ends as a timeout', async () => {
    const bad = new DeepgramStt({ apiKey: 'wrong', baseUrl: dg.url });
    await expect(bad.transcribe(second)).rejects.toThrow('Deepgram refused the API key (401): check DEEPGRAM_API_KEY.');
    const limited = new DeepgramStt({ apiKey: 'rate-limited', baseUrl: dg.url });
    await expect(limited.transcribe(second)).rejects.toThrow(/Deepgram is rate limiting or out of quota \(429\)/);
    const slow = new DeepgramStt({ apiKey: 'slow', baseUrl: dg.url, timeoutMs: 150 });
    await expect(slow.transcribe(second)).rejects.toThrow('Deepgram did not answer within 0.2 s.');
    const gone = new DeepgramStt({ apiKey: GOOD_KEY, baseUrl: 'ws://127.0.0.1:1' });
    await expect(gone.transcribe(second)).rejects.toBeInstanceOf(SpeechError);
  });
});

describe('OpenAI transcription and speech, ElevenLabs speech (fake APIs on 127.0.0.1)', () => {
  let api: Awaited<ReturnType<typeof fakeSpeechApis>>;
  const texts: string[] = [];
  beforeAll(async () => {
    api = await fakeSpeechApis(texts);
  });
  afterAll(() => api.close());

  it('OpenAI: posts the utterance as an 8 kHz WAV in a multipart form and reads the text', async () => {
    texts.push(' I would like a table for two. ');
    const stt = new OpenAiStt({ apiKey: GOOD_KEY, baseUrl: `${api.url}/v1`, model: 'whisper-1', language: 'en' });
    expect(await stt.transcribe(second)).toBe('I would like a table for two.');
    const req = api.seen.at(-1)!;
    expect(req.headers.authorization).toBe(`Bearer ${GOOD_KEY}`);
    expect(req.form).toEqual({ model: 'whisper-1', language: 'en', fileName: 'utterance.wav', rate: 8000, samples: 8000 });
  });

  it('OpenAI: asks for 24 kHz PCM in the agent’s voice and resamples it to 8 kHz', async () => {
    const tts = new OpenAiTts({ apiKey: GOOD_KEY, baseUrl: `${api.url}/v1`, model: 'tts-1' });
    const pcm = await tts.synthesize('Hello!', undefined, 'nova');
    expect(api.seen.at(-1)!.json).toEqual({ model: 'tts-1', input: 'Hello!', voice: 'nova', response_format: 'pcm' });
    // 6 characters × 240 samples at 24 kHz = 1440 samples → 480 at 8 kHz, still a loud tone.
    expect(pcm.length).toBe(480);
    expect(rms(pcm)).toBeGreaterThan(3000);
    // A voice OpenAI does not have falls back to the configured one.
    await tts.synthesize('Hi.', undefined, 'not-a-voice');
    expect(api.seen.at(-1)!.json.voice).toBe('alloy');
  });

  it('ElevenLabs: streams μ-law 8 kHz for the voice id with xi-api-key and decodes it', async () => {
    const tts = new ElevenLabsTts({ apiKey: GOOD_KEY, baseUrl: api.url, voiceId: 'AAAAAAAAAAAAAAAAAAAA' });
    const pcm = await tts.synthesize('Good morning.', undefined, 'pNInz6obpgDQGcFmaJgB');
    const req = api.seen.at(-1)!;
    expect(req.path).toBe('/v1/text-to-speech/pNInz6obpgDQGcFmaJgB/stream?output_format=ulaw_8000');
    expect(req.headers['xi-api-key']).toBe(GOOD_KEY);
    expect(req.json).toEqual({ text: 'Good morning.', model_id: 'eleven_flash_v2_5' });
    expect(pcm.length).toBe(13 * 80);
    expect(rms(pcm)).toBeGreaterThan(3000);
    await tts.synthesize('Hi.', undefined, 'alloy');
    expect(api.seen.at(-1)!.path).toContain('/v1/text-to-speech/AAAAAAAAAAAAAAAAAAAA/stream');
  });

  it('ElevenLabs and OpenAI stream: the first audio arrives before the rest of the sentence is made', async () => {
    let release!: () => void;
    api.gate.hold = new Promise<void>((r) => (release = r));
    const held = api.gate.held;
    const chunks = new ElevenLabsTts({ apiKey: GOOD_KEY, baseUrl: api.url }).stream('A sentence of some length.')[Symbol.asyncIterator]();
    const first = await chunks.next();
    // The fake is still holding the rest back: this chunk came while the sentence was being made.
    expect(api.gate.held).toBe(held + 1);
    expect(first.value.length).toBe(400);
    api.gate.hold = null;
    release();
    let total = first.value.length;
    for (let c = await chunks.next(); !c.done; c = await chunks.next()) total += c.value.length;
    expect(total).toBe(26 * 80);

    // OpenAI's PCM arrives in odd-sized chunks; carried samples keep the 24 → 8 kHz conversion whole.
    let n = 0;
    for await (const c of new OpenAiTts({ apiKey: GOOD_KEY, baseUrl: `${api.url}/v1` }).stream('Twenty characters!!!')) n += c.length;
    expect(n).toBe(20 * 80);
  });

  it('says which key was refused (401), a rate limit (429) and a timeout, for each API', async () => {
    const base = `${api.url}/v1`;
    await expect(new OpenAiStt({ apiKey: 'wrong', baseUrl: base }).transcribe(second)).rejects.toThrow(
      'OpenAI transcription refused the API key (401): check OPENAI_API_KEY.',
    );
    await expect(new OpenAiTts({ apiKey: 'rate-limited', baseUrl: base }).synthesize('Hi.')).rejects.toThrow(
      'OpenAI speech is rate limiting or out of quota (429)',
    );
    await expect(new ElevenLabsTts({ apiKey: 'wrong', baseUrl: api.url }).synthesize('Hi.')).rejects.toThrow(
      'ElevenLabs refused the API key (401): check ELEVENLABS_API_KEY.',
    );
    await expect(new ElevenLabsTts({ apiKey: 'slow', baseUrl: api.url, timeoutMs: 150 }).synthesize('Hi.')).rejects.toThrow(
      'ElevenLabs did not answer within 0.2 s.',
    );
    await expect(new OpenAiStt({ apiKey: 'slow', baseUrl: base, timeoutMs: 150 }).transcribe(second)).rejects.toThrow(
      'OpenAI transcription did not answer within 0.2 s.',
    );
    // The caller's own abort is not a provider failure.
    const ac = new AbortController();
    const p = new OpenAiTts({ apiKey: 'slow', baseUrl: base }).synthesize('Hi.', ac.signal);
    ac.abort();
    await expect(p).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('configuration', () => {
  it('builds the engines whose keys are set and prefers the cloud ones on auto', () => {
    const config = loadConfig({ DEEPGRAM_API_KEY: 'k1', OPENAI_API_KEY: 'k2', ELEVENLABS_API_KEY: 'k3' });
    const stt = createSttEngines(config, log);
    const tts = createTtsEngines(config, log);
    // pocketsphinx and espeak-ng join when installed (on PATH).
    const cloud = (o: object) =>
      Object.keys(o)
        .filter((k) => !['pocketsphinx', 'espeak-ng'].includes(k))
        .sort();
    expect(cloud(stt)).toEqual(['deepgram', 'openai']);
    expect(cloud(tts)).toEqual(['elevenlabs', 'openai']);
    expect(cloud(createSttEngines(loadConfig({}), log))).toEqual([]);
    expect(defaultStt(stt, log)?.name).toBe('deepgram');
    expect(defaultTts(tts, log)?.name).toBe('elevenlabs');
    expect(defaultStt({}, log)).toBeNull();
  });

  it('refuses bad values naming the variable', () => {
    expect(() => loadConfig({ DEEPGRAM_BASE_URL: 'https://api.deepgram.com' })).toThrow('DEEPGRAM_BASE_URL: must be a ws:// or wss:// URL');
    expect(() => loadConfig({ OPENAI_STT_MODEL: 'tiny' })).toThrow(/OPENAI_STT_MODEL/);
    expect(() => loadConfig({ ELEVENLABS_VOICE_ID: 'rachel' })).toThrow(/ELEVENLABS_VOICE_ID/);
    expect(() => loadConfig({ SPEECH_TIMEOUT_MS: '5' })).toThrow(/SPEECH_TIMEOUT_MS/);
  });
});

async function until(pred: () => boolean): Promise<void> {
  await expect.poll(pred, { timeout: 5_000 }).toBe(true);
}
