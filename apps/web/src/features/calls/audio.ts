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
