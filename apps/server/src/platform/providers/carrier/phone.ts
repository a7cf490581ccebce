import type { MediaConnection } from './index.ts';

const FRAME_MS = 20;

/**
 * A simulated phone on a call: it speaks the Twilio Media Streams protocol to our media endpoint over an
 * in-process pipe, exactly as Twilio would over a WebSocket (`connected`, `start` with the call's
 * ticket, `media`, `mark` echoed once played, `stop`). It counts the agent's audio it heard and can say
 * μ-law frames and hang up.
 */
export class SimulatedPhone {
  readonly streamSid: string;
  /** 20 ms frames of the agent's audio received. */
  heardFrames = 0;
  cleared = 0;
  ended = false;
  private serverMessage: ((text: string) => void) | null = null;
  private serverClose: (() => void) | null = null;
  private idle: NodeJS.Timeout | null = null;
  private seq = 0;

  constructor(
    readonly callId: string,
    private readonly ticket: string,
    /** The callee hangs up after the agent has been quiet this long, having spoken (0: never). */
    private readonly hangUpAfterQuietMs: number,
    private readonly onEnd: () => void,
  ) {
    this.streamSid = `MZ${callId.slice(2)}`;
  }

  /** The server's side of the pipe. */
  connection(): MediaConnection {
    return {
      send: (text) => queueMicrotask(() => this.receive(text)),
      close: () => queueMicrotask(() => this.finish(false)),
      onMessage: (cb) => (this.serverMessage = cb),
      onClose: (cb) => (this.serverClose = cb),
    };
  }

  /** The call connects: Twilio's opening messages. */
  connect(): void {
    this.emit({ event: 'connected', protocol: 'Call', version: '1.0.0' });
    this.emit({
      event: 'start',
      start: {
        streamSid: this.streamSid,
        callSid: this.callId,
        tracks: ['inbound'],
        customParameters: { ticket: this.ticket },
        mediaFormat: { encoding: 'audio/x-mulaw', sampleRate: 8000, channels: 1 },
      },
    });
  }

  say(frames: Buffer[]): void {
    for (const f of frames)
      this.emit({ event: 'media', media: { track: 'inbound', chunk: String(this.seq), payload: f.toString('base64') } });
  }

  hangUp(): void {
    if (this.ended) return;
    this.emit({ event: 'stop', stop: { callSid: this.callId } });
    this.finish(true);
  }

  private emit(m: Record<string, unknown>): void {
    if (this.ended) return;
    this.serverMessage?.(JSON.stringify({ ...m, sequenceNumber: String(++this.seq), streamSid: this.streamSid }));
  }

  private receive(text: string): void {
    if (this.ended) return;
    const m = JSON.parse(text) as { event: string; mark?: { name: string } };
    if (m.event === 'media') {
      this.heardFrames++;
      this.armIdle();
    }
    // The audio before a mark arrives paced at real time, so it has been played: echo the mark as Twilio does.
    if (m.event === 'mark' && m.mark) this.emit({ event: 'mark', mark: { name: m.mark.name } });
    if (m.event === 'clear') this.cleared++;
  }

  private armIdle(): void {
    if (!this.hangUpAfterQuietMs) return;
    if (this.idle) clearTimeout(this.idle);
    this.idle = setTimeout(() => this.hangUp(), this.hangUpAfterQuietMs + FRAME_MS);
  }

  private finish(byPhone: boolean): void {
    if (this.ended) return;
    this.ended = true;
    if (this.idle) clearTimeout(this.idle);
    if (byPhone) this.serverClose?.();
    this.onEnd();
  }
}
