import { decodeMulaw, SAMPLE_RATE, toWav } from '../../../platform/audio/index.ts';

/** Recordings stop growing after this long (a stuck call must not fill the memory). */
export const MAX_RECORDING_MS = 60 * 60_000;
const MAX_SAMPLES = (MAX_RECORDING_MS / 1000) * SAMPLE_RATE;

interface Track {
  chunks: { pos: number; pcm: Int16Array }[];
  /** The next free sample of the track. */
  cursor: number;
}

/**
 * A call's two-channel recording: the caller on the left, the agent (or the staff member who took over)
 * on the right. Each 20 ms μ-law frame is placed at the time it passed (samples since the call was
 * answered), never over the track's previous frame, so both sides stay aligned through silences.
 */
export class Recorder {
  private readonly tracks: { caller: Track; agent: Track } = { caller: { chunks: [], cursor: 0 }, agent: { chunks: [], cursor: 0 } };

  constructor(
    private readonly startedAt: number,
    private readonly now: () => number = Date.now,
  ) {}

  caller(frame: Uint8Array): void {
    this.put(this.tracks.caller, frame);
  }

  agent(frame: Uint8Array): void {
    this.put(this.tracks.agent, frame);
  }

  get empty(): boolean {
    return this.tracks.caller.chunks.length === 0 && this.tracks.agent.chunks.length === 0;
  }

  private put(t: Track, frame: Uint8Array): void {
    const at = Math.round(((this.now() - this.startedAt) * SAMPLE_RATE) / 1000);
    // Frames of one stretch of speech follow each other (timer jitter, the agent's lead frames); after a
    // pause of more than 4 frames the next one goes where its time says, leaving silence between.
    const pos = at - t.cursor > 4 * 160 ? at : t.cursor;
    if (pos + frame.length > MAX_SAMPLES) return;
    t.chunks.push({ pos, pcm: decodeMulaw(frame) });
    t.cursor = pos + frame.length;
  }

  /** The recording as a stereo 16-bit WAV at 8 kHz. */
  wav(): Buffer {
    const length = Math.max(this.tracks.caller.cursor, this.tracks.agent.cursor);
    const out = new Int16Array(length * 2);
    for (const [channel, t] of [
      [0, this.tracks.caller],
      [1, this.tracks.agent],
    ] as const) {
      for (const c of t.chunks) for (let i = 0; i < c.pcm.length; i++) out[(c.pos + i) * 2 + channel] = c.pcm[i]!;
    }
    return toWav(out, SAMPLE_RATE, 2);
  }
}
