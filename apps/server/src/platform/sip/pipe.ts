import type { MediaConnection } from '../providers/carrier/index.ts';

/**
 * A SIP call's side of an in-process Media Streams connection: RTP audio and DTMF become `media` and
 * `dtmf` messages carrying the call's ticket in `start`, the session's `media` frames go out as RTP,
 * a `mark` is echoed once the audio before it was sent (frames leave as the session paces them).
 */
export class MediaPipe {
  private deliver: ((text: string) => void) | null = null;
  private closed: (() => void) | null = null;
  private ended = false;
  private readonly streamSid: string;

  constructor(
    callSid: string,
    private readonly ticket: string,
    private readonly out: { audio(frame: Buffer): void; hangUp(): void },
  ) {
    this.streamSid = `MZ${callSid.replace(/[^A-Za-z0-9]/g, '').slice(0, 32)}`;
  }

  /** The server's side: what the calls module serves. */
  connection(): MediaConnection {
    return {
      send: (text) => this.fromServer(text),
      close: () => queueMicrotask(() => this.end(true)),
      onMessage: (cb) => (this.deliver = cb),
      onClose: (cb) => (this.closed = cb),
    };
  }

  private emit(m: object): void {
    if (!this.ended) this.deliver?.(JSON.stringify({ ...m, streamSid: this.streamSid }));
  }

  start(): void {
    this.emit({ event: 'connected', protocol: 'Call', version: '1.0.0' });
    this.emit({
      event: 'start',
      start: {
        streamSid: this.streamSid,
        customParameters: { ticket: this.ticket },
        mediaFormat: { encoding: 'audio/x-mulaw', sampleRate: 8000, channels: 1 },
      },
    });
  }

  audio(frame: Buffer): void {
    this.emit({ event: 'media', media: { track: 'inbound', payload: frame.toString('base64') } });
  }

  dtmf(digit: string): void {
    this.emit({ event: 'dtmf', dtmf: { track: 'inbound_track', digit } });
  }

  private fromServer(text: string): void {
    let m: { event?: string; media?: { payload?: string }; mark?: { name?: string } };
    try {
      m = JSON.parse(text);
    } catch {
      return;
    }
    if (m.event === 'media' && typeof m.media?.payload === 'string') this.out.audio(Buffer.from(m.media.payload, 'base64'));
    else if (m.event === 'mark') queueMicrotask(() => this.emit({ event: 'mark', mark: { name: m.mark?.name ?? '' } }));
    else if (m.event === 'stop') this.end(true);
  }

  /** The call ended: by the far end (BYE, CANCEL) or by the server (hang-up: a BYE goes out). */
  end(byServer: boolean): void {
    if (this.ended) return;
    if (!byServer) this.emit({ event: 'stop' });
    this.ended = true;
    this.closed?.();
    if (byServer) this.out.hangUp();
  }
}
