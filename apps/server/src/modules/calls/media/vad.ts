import { concatPcm, FRAME_MS, rms } from '../../../platform/audio/index.ts';

/** Voice activity and end-of-turn settings (per call; defaults suit telephone audio). */
export interface VadSettings {
  /** RMS level (0..32768) above which a frame counts as speech. */
  threshold: number;
  /** Speech this long confirms the caller is talking (and interrupts the agent). */
  confirmMs: number;
  /** Silence this long after speech ends the caller's turn. */
  endSilenceMs: number;
  /** Audio kept from before the confirmation, so the first syllable reaches speech-to-text. */
  preRollMs: number;
  /**
   * Silence this long ends the turn when what the caller said so far reads as a complete sentence (the
   * recogniser's partial text); capped by `endSilenceMs`.
   */
  shortEndSilenceMs?: number;
}

export const DEFAULT_VAD: VadSettings = { threshold: 400, confirmMs: 120, endSilenceMs: 600, preRollMs: 200, shortEndSilenceMs: 250 };

/** speech_start carries the audio so far (pre-roll and the confirming frames) for streaming recognisers. */
export type VadEvent =
  | { type: 'speech_start'; audio: Int16Array }
  /** `trailingMs`: the silence counted after the last loud frame (the caller stopped that long before the end was detected). */
  | { type: 'speech_end'; utterance: Int16Array; trailingMs: number };

/**
 * Energy-based voice activity detection with hangover, counted in frames of the caller's audio (not
 * wall-clock time), so it behaves the same whether audio arrives in real time or faster.
 */
export class Vad {
  private speaking = false;
  private voiced = 0;
  private silent = 0;
  private buffered: Int16Array[] = [];

  constructor(private readonly s: VadSettings = DEFAULT_VAD) {}

  get inSpeech(): boolean {
    return this.speaking;
  }

  /** One frame; `complete`: the caller's words so far read as a finished sentence (the shorter silence ends the turn). */
  push(frame: Int16Array, complete = false): VadEvent | null {
    const loud = rms(frame) >= this.s.threshold;
    this.buffered.push(frame);
    if (!this.speaking) {
      this.voiced = loud ? this.voiced + 1 : 0;
      const keep = Math.ceil(this.s.preRollMs / FRAME_MS) + this.voiced;
      if (this.buffered.length > keep) this.buffered.splice(0, this.buffered.length - keep);
      if (this.voiced * FRAME_MS >= this.s.confirmMs) {
        this.speaking = true;
        this.silent = 0;
        return { type: 'speech_start', audio: concatPcm(this.buffered) };
      }
      return null;
    }
    this.silent = loud ? 0 : this.silent + 1;
    const endMs = complete ? Math.min(this.s.endSilenceMs, this.s.shortEndSilenceMs ?? this.s.endSilenceMs) : this.s.endSilenceMs;
    if (this.silent > 0 && this.silent * FRAME_MS >= endMs) {
      const utterance = concatPcm(this.buffered);
      const trailingMs = this.silent * FRAME_MS;
      this.buffered = [];
      this.speaking = false;
      this.voiced = 0;
      return { type: 'speech_end', utterance, trailingMs };
    }
    return null;
  }
}
