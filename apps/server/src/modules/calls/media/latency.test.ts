import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { concatPcm, decodeMulaw, encodeMulaw, FRAME_SAMPLES, frames } from '../../../platform/audio/index.ts';
import type { SttProvider, SttStream } from '../../../platform/providers/stt/index.ts';
import { PocketsphinxStt } from '../../../platform/providers/stt/pocketsphinx.ts';
import { EspeakTts } from '../../../platform/providers/tts/espeak.ts';
import { onPath } from '../../../platform/providers/tts/index.ts';
import { tone, ToneTts } from '../../../testing/voice.ts';
import { firstChunks, looksComplete } from './sentences.ts';
import { CallSession, type AgentBrain } from './session.ts';
import { DEFAULT_VAD, Vad } from './vad.ts';

const loud = () => tone(FRAME_SAMPLES / 8000);
const quiet = () => new Int16Array(FRAME_SAMPLES);

/** Frames of silence until the detector ends the turn (null: not within 100 frames). */
function framesToEnd(vad: Vad, complete: boolean): number | null {
  for (let i = 0; i < 10; i++) vad.push(loud());
  for (let i = 1; i <= 100; i++) if (vad.push(quiet(), complete)?.type === 'speech_end') return i;
  return null;
}

describe('calls: end of turn and speech made sooner', () => {
  it('ends a turn after the shorter silence when the words so far read as a complete sentence', () => {
    expect(framesToEnd(new Vad(DEFAULT_VAD), false)).toBe(DEFAULT_VAD.endSilenceMs / 20);
    expect(framesToEnd(new Vad(DEFAULT_VAD), true)).toBe(Math.ceil(DEFAULT_VAD.shortEndSilenceMs! / 20));
    // An agent's own end-of-turn silence shorter than the short one is kept.
    expect(framesToEnd(new Vad({ ...DEFAULT_VAD, endSilenceMs: 200 }), true)).toBe(10);
  });

  it('tells a finished sentence from one the caller paused in', () => {
    expect(looksComplete('What are your opening hours?')).toBe(true);
    expect(looksComplete('what are your opening hours on saturday')).toBe(true);
    expect(looksComplete('i would like to book an appointment and')).toBe(false);
    expect(looksComplete('my name is')).toBe(false);
    expect(looksComplete('um')).toBe(false);
    expect(looksComplete('')).toBe(false);
  });

  it('cuts a long first sentence at a clause so its speech starts sooner; short ones stay whole', () => {
    expect(firstChunks('Thanks for calling.')).toEqual(['Thanks for calling.']);
    expect(firstChunks('Thanks for calling Acme Dental, I can take a message for the team today.')).toEqual([
      'Thanks for calling Acme Dental,',
      'I can take a message for the team today.',
    ]);
  });

  it('ends the turn on the short silence when the streaming recogniser already has a complete sentence', async () => {
    let partial = '';
    const stream: SttStream = { write: () => {}, finish: async () => partial, abort: () => {}, partial: () => partial };
    const stt: SttProvider = { name: 'scripted-stream', transcribe: async () => '', stream: () => stream };
    const ends: number[] = [];
    const s = new CallSession(
      { audio: () => undefined, mark: () => undefined, clear: () => undefined, event: () => undefined },
      { stt, tts: null, brain: { greeting: async () => '', reply: async function* () {} } },
    );
    const mulaw = (pcm: Int16Array) => encodeMulaw(pcm);
    for (const words of ['', 'what are your opening hours']) {
      partial = words;
      for (let i = 0; i < 10; i++) s.pushAudio(mulaw(loud()));
      let n = 0;
      while (s.events.filter((e) => e.type === 'speech_end').length === ends.length && n < 100) {
        s.pushAudio(mulaw(quiet()));
        n++;
      }
      ends.push(n);
    }
    expect(ends).toEqual([DEFAULT_VAD.endSilenceMs / 20, Math.ceil(DEFAULT_VAD.shortEndSilenceMs! / 20)]);
    s.stop();
  });

  it('makes the greeting once: the next call plays it from the cache without asking the engine', async () => {
    let made = 0;
    const tts = new ToneTts(5, 0);
    const synth = tts.synthesize.bind(tts);
    tts.synthesize = (text: string) => (made++, synth(text));
    const brain: AgentBrain = { greeting: async () => 'Hello, this is Acme.', reply: async function* () {} };
    for (let call = 0; call < 2; call++) {
      const out: Buffer[] = [];
      const s = new CallSession(
        { audio: (f) => out.push(f), mark: () => undefined, clear: () => undefined, event: () => undefined },
        { stt: null, tts, brain },
      );
      await s.start();
      await expect.poll(() => s.transcript.length, { timeout: 10_000 }).toBe(1);
      expect(out.length).toBe(Math.ceil((('Hello, this is Acme.'.length * 5) / 1000) * 50));
      s.stop();
    }
    expect(made).toBe(1);
  });
});

const installed = onPath('espeak-ng') && onPath('pocketsphinx_continuous');

describe.skipIf(!installed)('pocketsphinx streaming (needs espeak-ng and pocketsphinx_continuous)', () => {
  it('is fed frame by frame and has each segment as partial text before the turn is finished', async () => {
    const log = pino({ level: 'silent' });
    const stt = new PocketsphinxStt(log);
    stt.warm();
    const speech = await new EspeakTts(log).synthesize('What are your opening hours?');
    const s = stt.stream();
    for (const f of frames(concatPcm([speech, new Int16Array(8000 * 0.6)]))) s.write(decodeMulaw(encodeMulaw(f)));
    await expect.poll(() => s.partial!(), { timeout: 30_000 }).toMatch(/[a-z]/);
    expect(await s.finish()).toMatch(/hours|opening|what/);
    stt.close();
  }, 60_000);
});
