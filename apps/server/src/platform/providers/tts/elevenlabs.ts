import { decodeMulaw } from '../../audio/index.ts';
import { bodyChunks, collect, speechFetch } from '../speech.ts';
import type { TtsProvider } from './index.ts';

export interface ElevenLabsOptions {
  apiKey: string;
  /** https://api.elevenlabs.io (a fake in tests). */
  baseUrl?: string;
  /** eleven_flash_v2_5 (lowest latency), eleven_turbo_v2_5, eleven_multilingual_v2. */
  model?: string;
  /** The voice id used when the agent's voice is not an ElevenLabs voice id (default: Rachel). */
  voiceId?: string;
  timeoutMs?: number;
}

/** An ElevenLabs voice id: 20 letters and digits (the agent's voice field may hold one). */
const VOICE_ID = /^[A-Za-z0-9]{20}$/;

/**
 * ElevenLabs streaming speech (https://elevenlabs.io/docs/api-reference/text-to-speech/stream): POST
 * /v1/text-to-speech/{voice_id}/stream?output_format=ulaw_8000 with the `xi-api-key` header answers
 * raw G.711 μ-law at 8 kHz, the telephone's own format, decoded to PCM chunk by chunk as it arrives
 * (μ-law is one byte a sample, so any chunk boundary is a sample boundary).
 */
export class ElevenLabsTts implements TtsProvider {
  readonly name = 'elevenlabs';
  constructor(private readonly o: ElevenLabsOptions) {}

  synthesize(text: string, signal?: AbortSignal, voice?: string): Promise<Int16Array> {
    return collect(this.stream(text, signal, voice));
  }

  async *stream(text: string, signal?: AbortSignal, voice?: string): AsyncIterable<Int16Array> {
    const timeoutMs = this.o.timeoutMs ?? 15_000;
    const voiceId = voice && VOICE_ID.test(voice) ? voice : (this.o.voiceId ?? '21m00Tcm4TlvDq8ikWAM');
    const r = await speechFetch(
      'ElevenLabs',
      'ELEVENLABS_API_KEY',
      `${(this.o.baseUrl ?? 'https://api.elevenlabs.io').replace(/\/$/, '')}/v1/text-to-speech/${voiceId}/stream?output_format=ulaw_8000`,
      {
        method: 'POST',
        headers: { 'xi-api-key': this.o.apiKey, 'content-type': 'application/json', accept: 'audio/basic' },
        body: JSON.stringify({ text, model_id: this.o.model ?? 'eleven_flash_v2_5' }),
      },
      timeoutMs,
      signal,
      'audio',
    );
    for await (const chunk of bodyChunks('ElevenLabs', r, timeoutMs)) yield decodeMulaw(chunk);
  }
}
