import { encodeMulaw, FRAME_MS, frames, SAMPLE_RATE } from '../../../platform/audio/index.ts';

/** Pressed keys are collected until '#' or this pause, then given to the agent as one caller turn. */
export const DTMF_PAUSE_MS = 1500;
/** The caller turn the agent gets for pressed keys, e.g. "(caller pressed 1 2 3)". */
export const dtmfTurnText = (digits: string[]) => `(caller pressed ${digits.join(' ')})`;

/** The key of a DTMF event (0-9, *, #, A-D), or null. */
export function dtmfKey(digit: string): string | null {
  const key = digit.trim().toUpperCase();
  return /^[0-9*#A-D]$/.test(key) ? key : null;
}

/** Collects the caller's keys until '#' or a pause, then hands them over at once. */
export class DigitCollector {
  private digits: string[] = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly pauseMs: number,
    private readonly onDigits: (digits: string[]) => void,
  ) {}

  push(key: string): void {
    this.digits.push(key);
    this.cancelTimer();
    if (key === '#') this.flush();
    else this.timer = setTimeout(() => this.flush(), this.pauseMs);
  }

  /** Drops the keys not yet handed over (the call ended or was taken over). */
  stop(): void {
    this.cancelTimer();
    this.digits = [];
  }

  private cancelTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private flush(): void {
    this.timer = null;
    const digits = this.digits.splice(0);
    if (digits.length) this.onDigits(digits);
  }
}

/** The DTMF pairs (low, high Hz) of each key. */
const DTMF: Record<string, [number, number]> = {
  '1': [697, 1209],
  '2': [697, 1336],
  '3': [697, 1477],
  A: [697, 1633],
  '4': [770, 1209],
  '5': [770, 1336],
  '6': [770, 1477],
  B: [770, 1633],
  '7': [852, 1209],
  '8': [852, 1336],
  '9': [852, 1477],
  C: [852, 1633],
  '*': [941, 1209],
  '0': [941, 1336],
  '#': [941, 1477],
  D: [941, 1633],
};
export const DTMF_TONE_MS = 100;
export const DTMF_GAP_MS = 60;

/** In-band DTMF (works on every transport): 100 ms of each key's two tones, then 60 ms of silence, as 20 ms μ-law frames. */
export function dtmfTones(digits: string): Buffer[] {
  const out: Buffer[] = [];
  for (const d of digits.toUpperCase()) {
    const pair = DTMF[d];
    if (!pair) continue;
    const tone = new Int16Array((SAMPLE_RATE * DTMF_TONE_MS) / 1000);
    for (let i = 0; i < tone.length; i++) {
      const t = i / SAMPLE_RATE;
      tone[i] = Math.round(6000 * (Math.sin(2 * Math.PI * pair[0] * t) + Math.sin(2 * Math.PI * pair[1] * t)));
    }
    const pcm = new Int16Array(tone.length + (SAMPLE_RATE * DTMF_GAP_MS) / 1000);
    pcm.set(tone);
    out.push(...frames(pcm).map(encodeMulaw));
  }
  return out;
}

/**
 * Sends frames at real time, one every 20 ms (drift-corrected against the start), so the far end hears
 * each key as a 100 ms tone and a 60 ms gap rather than a burst; resolves after the last frame.
 */
export function sendPaced(out: Buffer[], send: (frame: Buffer) => void, now: () => number = Date.now): Promise<void> {
  return new Promise((resolve) => {
    const start = now();
    let i = 0;
    const tick = () => {
      if (i >= out.length) return resolve();
      send(out[i++]!);
      if (i >= out.length) return resolve();
      setTimeout(tick, Math.max(0, start + i * FRAME_MS - now()));
    };
    tick();
  });
}
