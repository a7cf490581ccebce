import { SAMPLE_RATE, toWav } from '../../audio/index.ts';
import { readAll, speechFetch, SpeechError, unreadableError } from '../speech.ts';
import type { SttProvider } from './index.ts';

export interface OpenAiSttOptions {
  apiKey: string;
  /** https://api.openai.com/v1 (or any OpenAI-compatible server; a fake in tests). */
  baseUrl?: string;
  /** whisper-1, gpt-4o-transcribe or gpt-4o-mini-transcribe. */
  model?: string;
  /** ISO-639-1 language hint ('en'); unset: the model guesses. */
  language?: string;
  timeoutMs?: number;
}

/**
 * OpenAI transcription (https://platform.openai.com/docs/api-reference/audio/createTranscription):
 * the endpointed utterance as an 8 kHz WAV file in a multipart POST to /audio/transcriptions; the
 * JSON answer's `text` is the transcript.
 */
export class OpenAiStt implements SttProvider {
  readonly name = 'openai';
  constructor(private readonly o: OpenAiSttOptions) {}

  async transcribe(pcm: Int16Array, signal?: AbortSignal): Promise<string> {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(toWav(pcm, SAMPLE_RATE))], { type: 'audio/wav' }), 'utterance.wav');
    form.append('model', this.o.model ?? 'whisper-1');
    form.append('response_format', 'json');
    if (this.o.language) form.append('language', this.o.language);
    const timeoutMs = this.o.timeoutMs ?? 15_000;
    const r = await speechFetch(
      'OpenAI transcription',
      'OPENAI_API_KEY',
      `${(this.o.baseUrl ?? 'https://api.openai.com/v1').replace(/\/$/, '')}/audio/transcriptions`,
      { method: 'POST', headers: { authorization: `Bearer ${this.o.apiKey}` }, body: form },
      timeoutMs,
      signal,
    );
    const body = (await readAll('OpenAI transcription', r, timeoutMs)).toString('utf8');
    let text: unknown;
    try {
      text = (JSON.parse(body) as { text?: unknown } | null)?.text;
    } catch {
      throw unreadableError('OpenAI transcription', 'not JSON');
    }
    if (typeof text === 'string') return text.trim();
    throw new SpeechError('OpenAI transcription', 'OpenAI transcription answered without a text.');
  }
}
