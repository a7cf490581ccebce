import type { CallTurn } from '@switchboard/core/contracts/calls';
import { buildUrl } from '../../api/client.ts';
import { captureFrames, FramePlayer, openMicrophone } from './audio.ts';

export type ListenState = 'connecting' | 'listening' | 'speaking' | 'ended' | 'unavailable';

export interface ListenEvents {
  onTurn(turn: CallTurn): void;
  onState(state: ListenState): void;
  onError(text: string): void;
}

/**
 * Staff on a live call (GET /api/v1/calls/:callId/listen): both sides' 20 ms μ-law frames arrive as two
 * tracks, each scheduled back to back and mixed by Web Audio; after **Take over** the microphone (echo
 * cancellation on) is captured by the AudioWorklet and sent to the caller, and the agent's track is muted.
 */
export class ListenIn {
  private ws: WebSocket | null = null;
  private ctx: AudioContext | null = null;
  private mic: MediaStream | null = null;
  private tracks: { caller: FramePlayer; agent: FramePlayer } | null = null;
  private speaking = false;
  private ended = false;

  constructor(
    private readonly callId: string,
    private readonly target: number | null,
    private readonly on: ListenEvents,
  ) {}

  start(): void {
    this.on.onState('connecting');
    this.ctx = new AudioContext();
    // Each side is scheduled back to back on its own; Web Audio mixes the two into the speaker.
    this.tracks = { caller: new FramePlayer(this.ctx, 0.1), agent: new FramePlayer(this.ctx, 0.1) };
    const url = buildUrl(`/api/v1/calls/${this.callId}/listen`, { target: this.target ?? undefined });
    const ws = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${url}`);
    this.ws = ws;
    ws.onmessage = (e) => this.received(JSON.parse(String(e.data)));
    ws.onclose = (e) => {
      if (e.code === 4404) this.on.onState('unavailable');
      this.stop();
    };
  }

  /** The agent leaves; this browser's microphone talks to the caller. */
  async takeOver(): Promise<void> {
    if (!this.ctx || this.ws?.readyState !== WebSocket.OPEN) return;
    try {
      this.mic = await openMicrophone();
      await this.ctx.resume();
      await captureFrames(this.ctx, this.mic, (payload) => this.captured(payload));
    } catch {
      // Without a microphone the agent still leaves: the caller can be told by text or hung up on.
      this.on.onError('The microphone is not available: the agent has left, but the caller cannot hear you.');
    }
    this.ws.send(JSON.stringify({ event: 'takeover' }));
  }

  hangUp(): void {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify({ event: 'hangup' }));
  }

  stop(): void {
    if (this.ended) return;
    this.ended = true;
    this.ws?.close();
    this.mic?.getTracks().forEach((t) => t.stop());
    void this.ctx?.close();
    this.on.onState('ended');
  }

  private received(m: {
    event: string;
    track?: 'caller' | 'agent';
    payload?: string;
    turn?: CallTurn;
    transcript?: CallTurn[];
    kicked?: boolean;
  }): void {
    if (m.event === 'ready') {
      for (const t of m.transcript ?? []) this.on.onTurn(t);
      this.on.onState('listening');
    } else if (m.event === 'media' && m.payload && m.track) {
      if (!(this.speaking && m.track === 'agent')) this.tracks?.[m.track].play(m.payload);
    } else if (m.event === 'transcript' && m.turn) this.on.onTurn(m.turn);
    else if (m.event === 'speaking') {
      this.speaking = true;
      this.on.onState('speaking');
    } else if (m.event === 'stop') this.stop();
  }

  private captured(payload: string): void {
    if (!this.speaking || this.ws?.readyState !== WebSocket.OPEN) return;
    this.ws.send(JSON.stringify({ event: 'media', payload }));
  }
}
