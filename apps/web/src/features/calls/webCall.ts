import type { CallTurn } from '@switchboard/core/contracts/calls';
import { CAPTURE_WORKLET_URL, mediaSocketUrl } from './api.ts';
import { decodeFrame, downsample, encodeFrame, FRAME_SAMPLES } from './audio.ts';

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
  private pending = new Int16Array(0);
  private playAt = 0;
  private playing: AudioBufferSourceNode[] = [];
  private ended = false;

  constructor(private readonly on: WebCallEvents) {}

  async start(ticket: string): Promise<void> {
    this.on.onState('connecting');
    try {
      this.mic = await navigator.mediaDevices.getUserMedia({
        audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true },
      });
    } catch {
      this.on.onError('The microphone is not available. Allow this site to use it, then try again.');
      return this.hangUp();
    }
    this.ctx = new AudioContext();
    await this.ctx.audioWorklet.addModule(CAPTURE_WORKLET_URL);
    const source = this.ctx.createMediaStreamSource(this.mic);
    const capture = new AudioWorkletNode(this.ctx, 'calls-capture');
    const rate = this.ctx.sampleRate;
    capture.port.onmessage = (e: MessageEvent<Float32Array>) => this.captured(downsample(e.data, rate));
    source.connect(capture);

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
  private captured(pcm: Int16Array): void {
    if (this.ws?.readyState !== WebSocket.OPEN) return;
    const all = new Int16Array(this.pending.length + pcm.length);
    all.set(this.pending);
    all.set(pcm, this.pending.length);
    let off = 0;
    for (; off + FRAME_SAMPLES <= all.length; off += FRAME_SAMPLES) {
      this.ws.send(
        JSON.stringify({ event: 'media', media: { track: 'inbound', payload: encodeFrame(all.subarray(off, off + FRAME_SAMPLES)) } }),
      );
    }
    this.pending = all.slice(off);
  }

  private received(m: ServerMessage): void {
    if (m.event === 'media' && m.media) this.play(m.media.payload);
    else if (m.event === 'mark' && m.mark) this.ws?.send(JSON.stringify({ event: 'mark', mark: m.mark }));
    else if (m.event === 'clear') this.flush();
    else if (m.event === 'transcript' && m.turn) this.on.onTurn(m.turn);
    else if (m.event === 'status') {
      if (m.notice) this.on.onNotice(m.notice);
      else this.on.onState('live');
    } else if (m.event === 'error') this.on.onError(m.message ?? 'The call was refused.');
  }

  private play(payload: string): void {
    const ctx = this.ctx;
    if (!ctx) return;
    const samples = decodeFrame(payload, ctx.sampleRate);
    const buffer = ctx.createBuffer(1, samples.length, ctx.sampleRate);
    buffer.getChannelData(0).set(samples);
    const node = ctx.createBufferSource();
    node.buffer = buffer;
    node.connect(ctx.destination);
    this.playAt = Math.max(this.playAt, ctx.currentTime + 0.05);
    node.start(this.playAt);
    this.playAt += buffer.duration;
    this.playing.push(node);
    node.onended = () => (this.playing = this.playing.filter((n) => n !== node));
  }

  private flush(): void {
    for (const n of this.playing) n.stop();
    this.playing = [];
    this.playAt = 0;
  }
}
