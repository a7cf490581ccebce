import type { Logger } from 'pino';
import type { Config } from '../../../config.ts';
import { onPath } from '../tts/index.ts';
import { DeepgramStt } from './deepgram.ts';
import { OpenAiStt } from './openai.ts';
import { PocketsphinxStt } from './pocketsphinx.ts';

/** Speech-to-text: one utterance (8 kHz 16-bit PCM, endpointed by the call session) in, its text out. */
export interface SttProvider {
  readonly name: string;
  transcribe(pcm: Int16Array, signal?: AbortSignal): Promise<string>;
  /** A streaming engine: audio written while the caller talks, the text soon after the turn ends. */
  stream?(signal?: AbortSignal): SttStream;
  /** Gets ready for a turn before it starts (a local engine loads its model): called when a call connects. */
  warm?(): void;
  /** Stops what `warm` started (the server is closing). */
  close?(): void;
}

export interface SttStream {
  write(pcm: Int16Array): void;
  /** No more audio: the whole turn's text. */
  finish(): Promise<string>;
  abort(): void;
  /** What the engine has recognised so far while the caller talks (its finished segments); the call ends a turn sooner when it reads as a complete sentence. */
  partial?(): string;
}

export type SttEngine = 'deepgram' | 'openai' | 'pocketsphinx';

/** What a call says when no speech recognition engine is present. */
export const STT_MISSING =
  'Speech recognition is not installed: install the Debian packages pocketsphinx and pocketsphinx-en-us, or set DEEPGRAM_API_KEY or OPENAI_API_KEY.';

/** What a call says when the agent chose an engine this server cannot use. */
export const STT_UNAVAILABLE: Record<SttEngine, string> = {
  deepgram: 'The agent uses Deepgram for speech recognition, but DEEPGRAM_API_KEY is not set on the server.',
  openai: 'The agent uses OpenAI for speech recognition, but OPENAI_API_KEY is not set on the server.',
  pocketsphinx:
    'The agent uses pocketsphinx for speech recognition, but it is not installed: install the Debian packages pocketsphinx and pocketsphinx-en-us.',
};

/** Every speech-to-text engine this server can use: the cloud ones whose key is set, pocketsphinx when installed. */
export function createSttEngines(config: Config, log: Logger): Partial<Record<SttEngine, SttProvider>> {
  const engines: Partial<Record<SttEngine, SttProvider>> = {};
  const timeoutMs = config.SPEECH_TIMEOUT_MS;
  if (config.DEEPGRAM_API_KEY)
    engines.deepgram = new DeepgramStt({
      apiKey: config.DEEPGRAM_API_KEY,
      baseUrl: config.DEEPGRAM_BASE_URL,
      model: config.DEEPGRAM_MODEL,
      timeoutMs,
    });
  if (config.OPENAI_API_KEY)
    engines.openai = new OpenAiStt({
      apiKey: config.OPENAI_API_KEY,
      baseUrl: config.OPENAI_BASE_URL,
      model: config.OPENAI_STT_MODEL,
      timeoutMs,
    });
  if (onPath('pocketsphinx_continuous')) engines.pocketsphinx = new PocketsphinxStt(log);
  return engines;
}

/** The engine an agent on 'auto' gets: Deepgram (streaming), then OpenAI, then pocketsphinx; none: the call says what to add. */
export function defaultStt(engines: Partial<Record<SttEngine, SttProvider>>, log: Logger): SttProvider | null {
  const stt = engines.deepgram ?? engines.openai ?? engines.pocketsphinx ?? null;
  if (!stt) log.warn(STT_MISSING);
  return stt;
}
