import WebSocket from 'ws';
import { encodeMulaw, FRAME_SAMPLES, SAMPLE_RATE } from '../platform/audio/index.ts';
import type { SttProvider } from '../platform/providers/stt/index.ts';
import type { TtsProvider } from '../platform/providers/tts/index.ts';

/** Speech-to-text for tests: answers the queued texts in order, after a fixed delay. */
export class ScriptedStt implements SttProvider {
  readonly name = 'scripted';
  heard: number[] = [];
  constructor(
    private readonly texts: string[],
    private readonly delayMs = 30,
  ) {}
  async transcribe(pcm: Int16Array): Promise<string> {
    this.heard.push(pcm.length);
    await new Promise((r) => setTimeout(r, this.delayMs));
    return this.texts.shift() ?? '';
  }
}

/** Text-to-speech for tests: a tone lasting `msPerChar` per character, after a fixed delay. */
export class ToneTts implements TtsProvider {
  readonly name = 'tone';
  constructor(
    private readonly msPerChar = 10,
    private readonly delayMs = 20,
  ) {}
  async synthesize(text: string): Promise<Int16Array> {
    await new Promise((r) => setTimeout(r, this.delayMs));
    return tone((text.length * this.msPerChar) / 1000);
  }
}

export function tone(seconds: number, amplitude = 8000): Int16Array {
  const pcm = new Int16Array(Math.round(seconds * SAMPLE_RATE));
  for (let i = 0; i < pcm.length; i++) pcm[i] = Math.round(amplitude * Math.sin((2 * Math.PI * 300 * i) / SAMPLE_RATE));
  return pcm;
}

/** `n` μ-law frames of speech-like tone (loud) or silence, base64 as Media Streams carries them. */
export function mulawFrames(n: number, loud: boolean): string[] {
  const f = encodeMulaw(loud ? tone(FRAME_SAMPLES / SAMPLE_RATE) : new Int16Array(FRAME_SAMPLES)).toString('base64');
  return Array.from({ length: n }, () => f);
}

/** A phone (or Twilio) on the far side of a Media Streams WebSocket: records what the server sends. */
export class MediaClient {
  readonly messages: any[] = [];
  private waiters: { pred: (m: any) => boolean; done: (m: any) => void }[] = [];
  private constructor(readonly ws: WebSocket) {
    ws.on('message', (raw) => {
      const m = JSON.parse(raw.toString());
      this.messages.push(m);
      for (const w of [...this.waiters]) {
        if (!w.pred(m)) continue;
        this.waiters.splice(this.waiters.indexOf(w), 1);
        w.done(m);
      }
    });
  }

  /**
   * Connects to a media WebSocket; `headers` go on the upgrade request (Twilio's X-Twilio-Signature),
   * `options` to the client (`ca` for a proxy's test certificate).
   */
  static open(url: string, headers?: Record<string, string>, options: WebSocket.ClientOptions = {}): Promise<MediaClient> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { ...options, ...(headers ? { headers } : {}) });
      ws.once('open', () => resolve(new MediaClient(ws)));
      ws.once('error', reject);
    });
  }

  /** The messages after index `from` that match (resolves at once when one already arrived). */
  until(pred: (m: any) => boolean, what: string, from = 0, timeoutMs = 15_000): Promise<any> {
    const found = this.messages.slice(from).find(pred);
    if (found) return Promise.resolve(found);
    return new Promise((res, rej) => {
      const timer = setTimeout(
        () => rej(new Error(`timed out waiting for ${what}; got ${this.messages.map((m) => m.event).join(',')}`)),
        timeoutMs,
      );
      this.waiters.push({ pred, done: (m) => (clearTimeout(timer), res(m)) });
    });
  }

  send(m: object): void {
    this.ws.send(JSON.stringify(m));
  }

  /** Twilio's opening messages, with the call's ticket as a custom parameter. */
  start(ticket: string, streamSid = 'MZ00000000000000000000000000000001'): void {
    this.send({ event: 'connected', protocol: 'Call', version: '1.0.0' });
    this.send({
      event: 'start',
      sequenceNumber: '1',
      streamSid,
      start: {
        streamSid,
        callSid: 'CA0',
        tracks: ['inbound'],
        customParameters: { ticket },
        mediaFormat: { encoding: 'audio/x-mulaw', sampleRate: 8000, channels: 1 },
      },
    });
  }

  media(payloads: string[]): void {
    for (const payload of payloads) this.send({ event: 'media', streamSid: 'MZ', media: { track: 'inbound', payload } });
  }

  closed(): Promise<void> {
    return new Promise((res) => (this.ws.readyState === WebSocket.CLOSED ? res() : this.ws.once('close', () => res())));
  }
}
