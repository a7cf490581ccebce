import type { CallTurn } from '@switchboard/core/contracts/calls';
import { mediaSocketUrl } from './api.ts';
import { captureFrames, FramePlayer, openMicrophone } from './audio.ts';

/** What the media WebSocket sends a web call: Media Streams messages, transcript turns and status. */
interface ServerMessage {
  event: string;
  media?: { payload: string };
  mark?: { name: string };
  turn?: CallTurn;
  notice?: string;
  message?: string;
}

export interface WebCallEvents {
  onTurn(turn: CallTurn): void;
  onNotice(text: string): void;
  onState(state: 'connecting' | 'live' | 'ended'): void;
  onError(text: string): void;
}

/**
 * A call from this browser: the microphone (echo cancellation on) is captured by an AudioWorklet,
 * downsampled to 8 kHz μ-law and sent over the media WebSocket as Twilio Media Streams `media`
 * messages; the agent's frames are played back to back, and `clear` (the caller talked over the
 * agent) stops what is still queued.
 */
export class WebCall {
  private ws: WebSocket | null = null;
  private ctx: AudioContext | null = null;
  private mic: MediaStream | null = null;
  private player: FramePlayer | null = null;
  private ended = false;

  constructor(private readonly on: WebCallEvents) {}

  async start(ticket: string): Promise<void> {
    this.on.onState('connecting');
    try {
      this.mic = await openMicrophone();
    } catch {
      this.on.onError('The microphone is not available. Allow this site to use it, then try again.');
      return this.hangUp();
    }
    this.ctx = new AudioContext();
    this.player = new FramePlayer(this.ctx);
    await captureFrames(this.ctx, this.mic, (payload) => this.captured(payload));

    const ws = new WebSocket(mediaSocketUrl());
    this.ws = ws;
    ws.onopen = () => {
      const streamSid = `web-${Date.now()}`;
      ws.send(JSON.stringify({ event: 'connected', protocol: 'Call', version: '1.0.0' }));
      ws.send(JSON.stringify({ event: 'start', streamSid, start: { streamSid, customParameters: { ticket } } }));
    };
    ws.onmessage = (e) => this.received(JSON.parse(String(e.data)));
    ws.onclose = () => this.hangUp();
    ws.onerror = () => this.on.onError('The call could not connect.');
  }

  hangUp(): void {
    if (this.ended) return;
    this.ended = true;
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify({ event: 'stop' }));
    this.ws?.close();
    this.mic?.getTracks().forEach((t) => t.stop());
    void this.ctx?.close();
    this.on.onState('ended');
  }

  /** Microphone audio in whole 20 ms frames. */
  private captured(payload: string): void {
    if (this.ws?.readyState !== WebSocket.OPEN) return;
    this.ws.send(JSON.stringify({ event: 'media', media: { track: 'inbound', payload } }));
  }

  private received(m: ServerMessage): void {
    if (m.event === 'media' && m.media) this.player?.play(m.media.payload);
    else if (m.event === 'mark' && m.mark) this.ws?.send(JSON.stringify({ event: 'mark', mark: m.mark }));
    else if (m.event === 'clear') this.player?.flush();
    else if (m.event === 'transcript' && m.turn) this.on.onTurn(m.turn);
    else if (m.event === 'status') {
      if (m.notice) this.on.onNotice(m.notice);
      else this.on.onState('live');
    } else if (m.event === 'error') this.on.onError(m.message ?? 'The call was refused.');
  }
}
