import crypto from 'node:crypto';
import type { CallTurn } from '@switchboard/core/contracts/calls';
import WebSocket from 'ws';
import { concatPcm, decodeMulaw, encodeMulaw, FRAME_MS, FRAME_SAMPLES, frames, rms } from '../../../platform/audio/index.ts';

/** A frame at least this loud (RMS of its PCM) is speech: `say` reports when the last one was sent. */
const VOICED_RMS = 400;

/** What the server sends on a media stream (Twilio Media Streams; web and test calls also get `transcript` and `status`). */
export interface StreamMessage {
  event: string;
  streamSid?: string;
  media?: { payload: string };
  mark?: { name: string };
  turn?: CallTurn;
  status?: string;
  notice?: string;
  message?: string;
}

export interface CarrierCallOptions {
  /** Headers on the WebSocket upgrade (Twilio's X-Twilio-Signature). */
  headers?: Record<string, string>;
  /** Each frame of the agent's audio (μ-law) as it arrives. */
  onAgentAudio?: (frame: Buffer) => void;
}

interface Queued {
  payload: string;
  voiced: boolean;
  say: { lastVoicedAt: number | null; done: (at: number) => void; fail: (err: Error) => void };
  last: boolean;
}

/**
 * The carrier's side of a call's media stream, simulated: it connects to the media WebSocket and speaks
 * the Twilio Media Streams protocol as Twilio does (`connected`, then `start` with the ticket as a custom
 * parameter, `media` frames, `mark` echoes, `stop`). It sends one 20 ms μ-law frame every 20 ms by the
 * clock (drift-corrected) from the moment it connects: the speech queued by `say`, silence otherwise,
 * as a phone line does. The agent's frames are kept as PCM (`takeHeard`), and each mark is echoed on
 * arrival (the audio before it has been "played"). Agent tests place their calls with it; the bench
 * times the voice path with it. Times are `performance.now()`.
 */
export class SimulatedCarrierCall {
  /** What the server sent besides audio, in order: marks, clear, transcript turns, status, stop, error. */
  readonly messages: StreamMessage[] = [];
  readonly streamSid = `MZ${crypto.randomBytes(16).toString('hex')}`;
  /** Resolves once the socket has closed (either side hung up). */
  readonly closed: Promise<void>;
  private heard: Int16Array[] = [];
  private queue: Queued[] = [];
  private timer: NodeJS.Timeout | null = null;
  private sent = 0;
  private readonly t0 = performance.now();
  private waiters = new Set<{
    pred: (m: StreamMessage) => boolean;
    what: string;
    done: (m: StreamMessage) => void;
    fail: (e: Error) => void;
  }>();
  private static readonly SILENCE = encodeMulaw(new Int16Array(FRAME_SAMPLES)).toString('base64');

  private constructor(
    private readonly ws: WebSocket,
    private readonly options: CarrierCallOptions,
  ) {
    this.closed = new Promise((resolve) => ws.once('close', () => resolve()));
    ws.on('message', (raw) => this.receive(String(raw)));
    ws.once('close', () => this.ended());
  }

  /** Connects to the media WebSocket at `url` and starts the stream of the call `ticket` names. */
  static dial(url: string, ticket: string, options: CarrierCallOptions = {}): Promise<SimulatedCarrierCall> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, options.headers ? { headers: options.headers } : {});
      ws.once('error', reject);
      ws.once('open', () => {
        ws.off('error', reject);
        ws.on('error', () => {}); // a reset after the call connected ends it (close follows)
        const call = new SimulatedCarrierCall(ws, options);
        call.send({ event: 'connected', protocol: 'Call', version: '1.0.0' });
        call.send({
          event: 'start',
          sequenceNumber: '1',
          streamSid: call.streamSid,
          start: {
            streamSid: call.streamSid,
            callSid: `CA${crypto.randomBytes(16).toString('hex')}`,
            tracks: ['inbound'],
            customParameters: { ticket },
            mediaFormat: { encoding: 'audio/x-mulaw', sampleRate: 8000, channels: 1 },
          },
        });
        call.tick();
        resolve(call);
      });
    });
  }

  get open(): boolean {
    return this.ws.readyState === WebSocket.OPEN;
  }

  /**
   * Speaks 8 kHz PCM in real time after whatever is still queued; resolves when its last frame was sent,
   * with the send time of its last voiced frame (the end of the speech). Rejects if the call ends first.
   */
  say(pcm: Int16Array): Promise<number> {
    if (!this.open) return Promise.reject(new Error('The call has ended.'));
    return new Promise((done, fail) => {
      const say = { lastVoicedAt: null as number | null, done, fail };
      const parts = frames(pcm);
      parts.forEach((f, i) =>
        this.queue.push({ payload: encodeMulaw(f).toString('base64'), voiced: rms(f) >= VOICED_RMS, say, last: i === parts.length - 1 }),
      );
      if (!parts.length) done(performance.now());
    });
  }

  /**
   * The first message after index `from` that matches (at once when one already came); rejects after
   * `timeoutMs`, or when the call ends first.
   */
  until(pred: (m: StreamMessage) => boolean, what: string, from = 0, timeoutMs = 30_000): Promise<StreamMessage> {
    const found = this.messages.slice(from).find(pred);
    if (found) return Promise.resolve(found);
    if (!this.open) return Promise.reject(this.endedError(what));
    return new Promise((resolve, reject) => {
      const w = {
        pred,
        what,
        done: (m: StreamMessage) => (clearTimeout(timer), this.waiters.delete(w), resolve(m)),
        fail: (e: Error) => (clearTimeout(timer), this.waiters.delete(w), reject(e)),
      };
      const timer = setTimeout(() => w.fail(new Error(`Timed out waiting for ${what}.`)), timeoutMs);
      this.waiters.add(w);
    });
  }

  /** The agent's audio heard since the last call (8 kHz PCM), and forgets it. */
  takeHeard(): Int16Array {
    const pcm = concatPcm(this.heard);
    this.heard = [];
    return pcm;
  }

  /** The caller hangs up: `stop`, then the socket closes. */
  hangUp(): void {
    if (this.open) {
      this.send({ event: 'stop', streamSid: this.streamSid });
      this.ws.close();
    }
    this.ended();
  }

  private send(m: object): void {
    if (this.open) this.ws.send(JSON.stringify(m));
  }

  /** One frame out, and the next one scheduled 20 ms after the previous by the clock. */
  private tick(): void {
    this.timer = null;
    if (!this.open) return;
    const item = this.queue.shift();
    this.send({
      event: 'media',
      streamSid: this.streamSid,
      media: { track: 'inbound', payload: item?.payload ?? SimulatedCarrierCall.SILENCE },
    });
    if (item) {
      const now = performance.now();
      if (item.voiced) item.say.lastVoicedAt = now;
      if (item.last) item.say.done(item.say.lastVoicedAt ?? now);
    }
    this.sent++;
    this.timer = setTimeout(() => this.tick(), Math.max(0, this.t0 + this.sent * FRAME_MS - performance.now()));
  }

  private receive(text: string): void {
    let m: StreamMessage;
    try {
      m = JSON.parse(text) as StreamMessage;
    } catch {
      return;
    }
    if (m.event === 'media') {
      if (typeof m.media?.payload !== 'string') return;
      const frame = Buffer.from(m.media.payload, 'base64');
      this.heard.push(decodeMulaw(frame));
      this.options.onAgentAudio?.(frame);
      return;
    }
    // The frames before a mark have played once they arrived: echo it, as Twilio does.
    if (m.event === 'mark' && m.mark) this.send({ event: 'mark', streamSid: this.streamSid, mark: { name: m.mark.name } });
    this.messages.push(m);
    for (const w of [...this.waiters]) if (w.pred(m)) w.done(m);
  }

  private endedError(what: string): Error {
    const error = this.messages.find((m) => m.event === 'error')?.message;
    return new Error(`The call ended before ${what}${error ? `: ${error}` : '.'}`);
  }

  private ended(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    for (const q of this.queue.splice(0)) if (q.last) q.say.fail(new Error('The call ended while the customer was speaking.'));
    for (const w of [...this.waiters]) w.fail(this.endedError(w.what));
  }
}
