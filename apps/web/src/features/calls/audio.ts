import { mulaw } from 'alawmulaw';

/** Telephone audio in the browser: 8 kHz μ-law in 20 ms frames of 160 samples, as the call's media stream carries it. */
export const CALL_RATE = 8000;
export const FRAME_SAMPLES = 160;

/** Microphone samples (−1..1 at the context's rate) → 16-bit PCM at 8 kHz, averaging the samples each output spans. */
export function downsample(input: Float32Array, rate: number): Int16Array {
  const step = rate / CALL_RATE;
  const out = new Int16Array(Math.floor(input.length / step));
  for (let i = 0; i < out.length; i++) {
    const start = Math.floor(i * step);
    const end = Math.min(input.length, Math.floor((i + 1) * step));
    let sum = 0;
    for (let j = start; j < end; j++) sum += input[j]!;
    const v = end > start ? sum / (end - start) : 0;
    out[i] = Math.max(-32768, Math.min(32767, Math.round(v * 32767)));
  }
  return out;
}

/** One μ-law frame (base64) → samples at the context's rate, for playback. */
export function decodeFrame(payload: string, rate: number): Float32Array {
  const bin = atob(payload);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  const pcm = mulaw.decode(bytes);
  const out = new Float32Array(Math.round((pcm.length * rate) / CALL_RATE));
  for (let i = 0; i < out.length; i++) {
    const pos = (i * CALL_RATE) / rate;
    const j = Math.floor(pos);
    const a = pcm[j] ?? 0;
    const b = pcm[j + 1] ?? a;
    out[i] = (a + (b - a) * (pos - j)) / 32768;
  }
  return out;
}

/** 16-bit PCM → one μ-law frame, base64. */
export function encodeFrame(pcm: Int16Array): string {
  const bytes = mulaw.encode(pcm);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin);
}

/** Cuts microphone PCM (8 kHz) into whole 20 ms frames (base64 μ-law), keeping the rest for the next block. */
export class Framer {
  private pending = new Int16Array(0);
  push(pcm: Int16Array): string[] {
    const all = new Int16Array(this.pending.length + pcm.length);
    all.set(this.pending);
    all.set(pcm, this.pending.length);
    const out: string[] = [];
    let off = 0;
    for (; off + FRAME_SAMPLES <= all.length; off += FRAME_SAMPLES) out.push(encodeFrame(all.subarray(off, off + FRAME_SAMPLES)));
    this.pending = all.slice(off);
    return out;
  }
}

/** Plays 20 ms frames back to back on an AudioContext (a little ahead of now); `flush` stops what is queued. */
export class FramePlayer {
  private at = 0;
  private playing: AudioBufferSourceNode[] = [];
  constructor(
    private readonly ctx: AudioContext,
    private readonly leadSeconds = 0.05,
  ) {}
  play(payload: string): void {
    const ctx = this.ctx;
    const samples = decodeFrame(payload, ctx.sampleRate);
    const buffer = ctx.createBuffer(1, samples.length, ctx.sampleRate);
    buffer.getChannelData(0).set(samples);
    const node = ctx.createBufferSource();
    node.buffer = buffer;
    node.connect(ctx.destination);
    this.at = Math.max(this.at, ctx.currentTime + this.leadSeconds);
    node.start(this.at);
    this.at += buffer.duration;
    this.playing.push(node);
    node.onended = () => (this.playing = this.playing.filter((n) => n !== node));
  }
  flush(): void {
    for (const n of this.playing) n.stop();
    this.playing = [];
    this.at = 0;
  }
}

/** Where the capture AudioWorklet is served (apps/web/public). */
export const CAPTURE_WORKLET_URL = '/calls-capture-worklet.js';

/** The browser's microphone for a call: echo cancellation and noise suppression on. */
export const openMicrophone = () =>
  navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true } });

/** Microphone audio through the capture AudioWorklet, downsampled to 8 kHz, as whole 20 ms μ-law frames (base64). */
export async function captureFrames(ctx: AudioContext, mic: MediaStream, onFrame: (payload: string) => void): Promise<void> {
  await ctx.audioWorklet.addModule(CAPTURE_WORKLET_URL);
  const source = ctx.createMediaStreamSource(mic);
  const capture = new AudioWorkletNode(ctx, 'calls-capture');
  const framer = new Framer();
  const rate = ctx.sampleRate;
  capture.port.onmessage = (e: MessageEvent<Float32Array>) => {
    for (const payload of framer.push(downsample(e.data, rate))) onFrame(payload);
  };
  source.connect(capture);
}
