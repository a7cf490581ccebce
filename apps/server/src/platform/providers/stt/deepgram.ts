import WebSocket from 'ws';
import { encodeMulaw } from '../../audio/index.ts';
import { failure, SpeechError, speechHttpError, timeoutError } from '../speech.ts';
import type { SttProvider, SttStream } from './index.ts';

export interface DeepgramOptions {
  apiKey: string;
  /** wss://api.deepgram.com (a fake Deepgram in tests). */
  baseUrl?: string;
  model?: string;
  language?: string;
  /** How long to wait for the last results after the audio ends. */
  timeoutMs?: number;
  /** How often to send KeepAlive while no audio flows (Deepgram closes an idle stream after 10 s). */
  keepAliveMs?: number;
}

const KEY_VAR = 'DEEPGRAM_API_KEY';

/** The parts of Deepgram's messages we read (Results, Metadata, and an error's description). */
interface DeepgramMessage {
  type?: string;
  is_final?: boolean;
  speech_final?: boolean;
  channel?: { alternatives?: { transcript?: string }[] };
  err_code?: string;
  err_msg?: string;
  description?: string;
  message?: string;
}

/**
 * Deepgram live transcription (https://developers.deepgram.com/docs/live-streaming-audio): a WebSocket
 * to /v1/listen with `Authorization: Token <key>`, the caller's μ-law 8 kHz audio sent as binary
 * messages while they talk, `Results` messages back (the `is_final` ones are kept), `KeepAlive` while
 * no audio flows, and `CloseStream` at the end of the turn, after which Deepgram sends its last results
 * and closes.
 */
export class DeepgramStt implements SttProvider {
  readonly name = 'deepgram';
  constructor(private readonly o: DeepgramOptions) {}

  private url(): string {
    const q = new URLSearchParams({
      encoding: 'mulaw',
      sample_rate: '8000',
      channels: '1',
      model: this.o.model ?? 'nova-2-phonecall',
      language: this.o.language ?? 'en-US',
      punctuate: 'true',
      smart_format: 'true',
      interim_results: 'false',
    });
    return `${(this.o.baseUrl ?? 'wss://api.deepgram.com').replace(/\/$/, '')}/v1/listen?${q}`;
  }

  stream(signal?: AbortSignal): SttStream {
    return new DeepgramStream(new WebSocket(this.url(), { headers: { Authorization: `Token ${this.o.apiKey}` } }), this.o, signal);
  }

  async transcribe(pcm: Int16Array, signal?: AbortSignal): Promise<string> {
    const s = this.stream(signal);
    s.write(pcm);
    return s.finish();
  }
}

class DeepgramStream implements SttStream {
  private readonly finals: string[] = [];
  private readonly pending: Buffer[] = [];
  private readonly done: Promise<string>;
  private error: unknown = null;
  private keepAlive: NodeJS.Timeout;
  private lastAudio = Date.now();
  private closing = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly ws: WebSocket,
    private readonly o: DeepgramOptions,
    signal?: AbortSignal,
  ) {
    const keepAliveMs = o.keepAliveMs ?? 5000;
    this.keepAlive = setInterval(() => {
      if (ws.readyState === WebSocket.OPEN && Date.now() - this.lastAudio >= keepAliveMs) ws.send(JSON.stringify({ type: 'KeepAlive' }));
    }, keepAliveMs);
    this.done = new Promise<string>((resolve, reject) => {
      ws.on('unexpected-response', (_req, res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => this.fail(speechHttpError('Deepgram', KEY_VAR, res.statusCode ?? 0, body)));
        res.on('error', () => this.fail(speechHttpError('Deepgram', KEY_VAR, res.statusCode ?? 0)));
      });
      ws.on('open', () => {
        for (const b of this.pending.splice(0)) ws.send(b);
        if (this.closing) ws.send(JSON.stringify({ type: 'CloseStream' }));
      });
      ws.on('message', (raw, binary) => {
        if (binary) return;
        let m: DeepgramMessage;
        try {
          m = JSON.parse(raw.toString()) as DeepgramMessage;
        } catch {
          return;
        }
        if (m.type === 'Results' && m.is_final) {
          const text = String(m.channel?.alternatives?.[0]?.transcript ?? '').trim();
          if (text) this.finals.push(text);
        } else if (m.type === 'Error' || m.err_code) {
          // Deepgram said what it could not do with this stream: the same audio would fail again.
          this.error ??= new SpeechError('Deepgram', `Deepgram: ${m.description ?? m.err_msg ?? m.message ?? 'error'}.`, null, false);
        }
      });
      ws.on('error', (err) => this.fail(failure('Deepgram', err, false, 0)));
      ws.on('close', (code, reason) => {
        this.cleanup();
        if (this.error) return reject(this.error);
        if (!this.closing)
          return reject(new SpeechError('Deepgram', `Deepgram closed the stream (${code}${reason.length ? `: ${reason}` : ''}).`));
        resolve(this.finals.join(' '));
      });
    });
    // Nobody may await `done` (an aborted turn): its rejection must not go unhandled.
    this.done.catch(() => {});
    signal?.addEventListener('abort', () => this.abort(), { once: true });
  }

  private fail(err: unknown): void {
    this.error ??= err;
    this.ws.terminate();
  }

  private cleanup(): void {
    clearInterval(this.keepAlive);
    if (this.timer) clearTimeout(this.timer);
  }

  partial(): string {
    return this.finals.join(' ');
  }

  write(pcm: Int16Array): void {
    if (this.closing || this.error) return;
    this.lastAudio = Date.now();
    const bytes = encodeMulaw(pcm);
    if (this.ws.readyState === WebSocket.OPEN) this.ws.send(bytes);
    else if (this.ws.readyState === WebSocket.CONNECTING) this.pending.push(bytes);
  }

  finish(): Promise<string> {
    if (!this.closing) {
      this.closing = true;
      if (this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify({ type: 'CloseStream' }));
      const ms = this.o.timeoutMs ?? 10_000;
      this.timer = setTimeout(() => this.fail(timeoutError('Deepgram', ms)), ms);
    }
    return this.done;
  }

  abort(): void {
    const err = new Error('aborted');
    err.name = 'AbortError';
    this.closing = true;
    this.fail(err);
  }
}
