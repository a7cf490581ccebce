import alawmulaw from 'alawmulaw';

// alawmulaw is CommonJS: Node's ESM loader gives its exports as the default import only.
const { mulaw } = alawmulaw;

/**
 * Telephone audio: 8 kHz, mono, 16-bit PCM inside the server; G.711 μ-law (the `alawmulaw` package) on
 * the wire, in 20 ms frames of 160 samples, as Twilio Media Streams carries it.
 */
export const SAMPLE_RATE = 8000;
export const FRAME_MS = 20;
export const FRAME_SAMPLES = (SAMPLE_RATE * FRAME_MS) / 1000;

export const encodeMulaw = (pcm: Int16Array): Buffer => Buffer.from(mulaw.encode(pcm));
export const decodeMulaw = (bytes: Uint8Array): Int16Array => mulaw.decode(bytes);

/** Pieces of PCM one after another. */
export function concatPcm(parts: Int16Array[]): Int16Array {
  const out = new Int16Array(parts.reduce((n, p) => n + p.length, 0));
  let off = 0;
  for (const p of parts) {
    out.set(p, off);
    off += p.length;
  }
  return out;
}

/** Splits PCM into whole 20 ms frames (the last one padded with silence). */
export function frames(pcm: Int16Array): Int16Array[] {
  const out: Int16Array[] = [];
  for (let i = 0; i < pcm.length; i += FRAME_SAMPLES) {
    const f = new Int16Array(FRAME_SAMPLES);
    f.set(pcm.subarray(i, Math.min(i + FRAME_SAMPLES, pcm.length)));
    out.push(f);
  }
  return out;
}

/** Linear-interpolation resampling (speech-band audio; good enough for 8/16/22.05 kHz conversions). */
export function resample(pcm: Int16Array, from: number, to: number): Int16Array {
  if (from === to) return pcm;
  const n = Math.floor((pcm.length * to) / from);
  const out = new Int16Array(n);
  const step = from / to;
  // Averaging the samples each output sample spans keeps downsampling from aliasing badly.
  const span = Math.max(1, Math.floor(step));
  for (let i = 0; i < n; i++) {
    const pos = i * step;
    const j = Math.floor(pos);
    if (span > 1) {
      let sum = 0;
      let count = 0;
      for (let k = j; k < j + span && k < pcm.length; k++, count++) sum += pcm[k]!;
      out[i] = count ? Math.round(sum / count) : 0;
    } else {
      const a = pcm[j] ?? 0;
      const b = pcm[j + 1] ?? a;
      out[i] = Math.round(a + (b - a) * (pos - j));
    }
  }
  return out;
}

/** Root-mean-square level of a frame, 0..32768. */
export function rms(pcm: Int16Array): number {
  let sum = 0;
  for (const s of pcm) sum += s * s;
  return pcm.length ? Math.sqrt(sum / pcm.length) : 0;
}

/** A WAV file (RIFF, 16-bit PCM; several channels' samples interleaved). */
export function toWav(pcm: Int16Array, rate: number, channels = 1): Buffer {
  const data = Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength);
  const h = Buffer.alloc(44);
  h.write('RIFF', 0);
  h.writeUInt32LE(36 + data.length, 4);
  h.write('WAVEfmt ', 8);
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(channels, 22);
  h.writeUInt32LE(rate, 24);
  h.writeUInt32LE(rate * 2 * channels, 28);
  h.writeUInt16LE(2 * channels, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36);
  h.writeUInt32LE(data.length, 40);
  return Buffer.concat([h, data]);
}

/** Reads a 16-bit PCM mono WAV (espeak-ng's output): its samples and rate. */
export function fromWav(buf: Buffer): { pcm: Int16Array; rate: number } {
  if (buf.toString('ascii', 0, 4) !== 'RIFF' || buf.toString('ascii', 8, 12) !== 'WAVE') throw new Error('not a WAV file');
  let off = 12;
  let rate = 0;
  while (off + 8 <= buf.length) {
    const id = buf.toString('ascii', off, off + 4);
    let size = buf.readUInt32LE(off + 4);
    if (id === 'fmt ') rate = buf.readUInt32LE(off + 12);
    if (id === 'data') {
      // espeak-ng writing to a pipe cannot seek back, so its data size may be 0 or too large: read to the end.
      if (size === 0 || off + 8 + size > buf.length) size = buf.length - off - 8;
      const bytes = buf.subarray(off + 8, off + 8 + (size & ~1));
      const pcm = new Int16Array(bytes.length / 2);
      for (let i = 0; i < pcm.length; i++) pcm[i] = bytes.readInt16LE(i * 2);
      return { pcm, rate };
    }
    off += 8 + size + (size & 1);
  }
  throw new Error('WAV file has no data');
}
