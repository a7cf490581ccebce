import { resample, SAMPLE_RATE } from '../../audio/index.ts';
import { bodyChunks, collect, pcm16le, speechFetch } from '../speech.ts';
import type { TtsProvider } from './index.ts';

export interface OpenAiTtsOptions {
  apiKey: string;
  baseUrl?: string;
  /** gpt-4o-mini-tts, tts-1 or tts-1-hd. */
  model?: string;
  /** The voice when the agent names none of OpenAI's. */
  voice?: string;
  timeoutMs?: number;
}

/** OpenAI's voices (the agent editor offers these names). */
export const OPENAI_VOICES = ['alloy', 'ash', 'ballad', 'coral', 'echo', 'fable', 'nova', 'onyx', 'sage', 'shimmer', 'verse'];

/**
 * OpenAI speech (https://platform.openai.com/docs/api-reference/audio/createSpeech): POST
 * /audio/speech with `response_format: pcm`, which answers raw 24 kHz 16-bit little-endian mono
 * samples, resampled to the telephone's 8 kHz chunk by chunk as they arrive (whole groups of 3 samples
 * at a time, the rest carried to the next chunk).
 */
export class OpenAiTts implements TtsProvider {
  readonly name = 'openai';
  constructor(private readonly o: OpenAiTtsOptions) {}

  synthesize(text: string, signal?: AbortSignal, voice?: string): Promise<Int16Array> {
    return collect(this.stream(text, signal, voice));
  }

  async *stream(text: string, signal?: AbortSignal, voice?: string): AsyncIterable<Int16Array> {
    const timeoutMs = this.o.timeoutMs ?? 15_000;
    const r = await speechFetch(
      'OpenAI speech',
      'OPENAI_API_KEY',
      `${(this.o.baseUrl ?? 'https://api.openai.com/v1').replace(/\/$/, '')}/audio/speech`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${this.o.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          model: this.o.model ?? 'gpt-4o-mini-tts',
          input: text,
          voice: voice && OPENAI_VOICES.includes(voice) ? voice : (this.o.voice ?? 'alloy'),
          response_format: 'pcm',
        }),
      },
      timeoutMs,
      signal,
      'audio',
    );
    let carry: Buffer = Buffer.alloc(0);
    for await (const chunk of bodyChunks('OpenAI speech', r, timeoutMs)) {
      const bytes = carry.length ? Buffer.concat([carry, chunk]) : chunk;
      const whole = bytes.length - (bytes.length % 6);
      carry = bytes.subarray(whole);
      if (whole) yield resample(pcm16le(bytes.subarray(0, whole)), 24_000, SAMPLE_RATE);
    }
    if (carry.length >= 2) yield resample(pcm16le(carry), 24_000, SAMPLE_RATE);
  }
}
