import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '../../../config.ts';
import { ElevenLabsTts } from './elevenlabs.ts';
import { EspeakTts } from './espeak.ts';
import { OpenAiTts } from './openai.ts';

/** Text-to-speech: one sentence in, 8 kHz 16-bit PCM out, in the agent's voice when the engine has it. */
export interface TtsProvider {
  readonly name: string;
  synthesize(text: string, signal?: AbortSignal, voice?: string): Promise<Int16Array>;
  /** A streaming engine: the sentence's audio in chunks as it is made, so the call can start playing it sooner. */
  stream?(text: string, signal?: AbortSignal, voice?: string): AsyncIterable<Int16Array>;
  /** Local and deterministic (espeak-ng): every short sentence it made is kept and reused, not only fixed phrases. */
  readonly reusable?: boolean;
}

export type TtsEngine = 'elevenlabs' | 'openai' | 'espeak-ng';

export const TTS_MISSING =
  'Speech synthesis is not installed: install the Debian package espeak-ng, or set ELEVENLABS_API_KEY or OPENAI_API_KEY.';

export const TTS_UNAVAILABLE: Record<TtsEngine, string> = {
  elevenlabs: 'The agent speaks with ElevenLabs, but ELEVENLABS_API_KEY is not set on the server.',
  openai: 'The agent speaks with OpenAI, but OPENAI_API_KEY is not set on the server.',
  'espeak-ng': 'The agent speaks with eSpeak NG, but it is not installed: install the Debian package espeak-ng.',
};

/** Whether an executable is on PATH. */
export function onPath(bin: string): boolean {
  return (process.env.PATH ?? '').split(path.delimiter).some((dir) => {
    try {
      fs.accessSync(path.join(dir, bin), fs.constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/** Every text-to-speech engine this server can use: the cloud ones whose key is set, espeak-ng when installed. */
export function createTtsEngines(config: Config, log: Logger): Partial<Record<TtsEngine, TtsProvider>> {
  const engines: Partial<Record<TtsEngine, TtsProvider>> = {};
  const timeoutMs = config.SPEECH_TIMEOUT_MS;
  if (config.ELEVENLABS_API_KEY)
    engines.elevenlabs = new ElevenLabsTts({
      apiKey: config.ELEVENLABS_API_KEY,
      baseUrl: config.ELEVENLABS_BASE_URL,
      model: config.ELEVENLABS_MODEL,
      voiceId: config.ELEVENLABS_VOICE_ID,
      timeoutMs,
    });
  if (config.OPENAI_API_KEY)
    engines.openai = new OpenAiTts({
      apiKey: config.OPENAI_API_KEY,
      baseUrl: config.OPENAI_BASE_URL,
      model: config.OPENAI_TTS_MODEL,
      timeoutMs,
    });
  if (onPath('espeak-ng')) engines['espeak-ng'] = new EspeakTts(log);
  return engines;
}

/** The engine an agent on 'auto' gets: ElevenLabs, then OpenAI, then espeak-ng; none: the call shows text and says what to add. */
export function defaultTts(engines: Partial<Record<TtsEngine, TtsProvider>>, log: Logger): TtsProvider | null {
  const tts = engines.elevenlabs ?? engines.openai ?? engines['espeak-ng'] ?? null;
  if (!tts) log.warn(TTS_MISSING);
  return tts;
}
