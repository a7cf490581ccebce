import type { CallLiveEvent, CallTurn } from '@switchboard/core/contracts/calls';
import { concatPcm, decodeMulaw, encodeMulaw, FRAME_MS, FRAME_SAMPLES, frames } from '../../../platform/audio/index.ts';
import { CallSession } from '../media/session.ts';
import type { SessionOptions } from '../media/sessionTypes.ts';

/**
 * How much faster than real time a simulated caller's call runs. The session paces the agent's audio
 * by its clock (`now`), which runs this much faster; voice activity and end of turn are counted in
 * frames, so the caller's audio may arrive at any speed.
 */
export const SIMULATED_SPEEDUP = 20;

/** Silence the caller sends after speaking (the session's end-of-turn silence is 600 ms by default). */
const TRAILING_SILENCE_MS = 1000;

/**
 * The far end of a call, in process: it speaks 20 ms μ-law frames into the call session every phone call
 * runs (voice activity, end of turn, speech-to-text, the agent's streamed reply, text-to-speech, audio
 * paced into frames with marks), hears the agent's frames, echoes marks as a carrier does once played,
 * and drops what it buffered on `clear` (barge-in). The session's clock runs `speedup` times real time.
 */
export class SimulatedCaller {
  readonly session: CallSession;
  /** Transcript turns as the session reports them (the caller's as recognised, the agent's as said). */
  readonly turns: CallTurn[] = [];
  private heard: Int16Array[] = [];
  private waiters: { role: CallTurn['role']; from: number; done: (t: CallTurn | null) => void }[] = [];

  constructor(options: Omit<SessionOptions, 'now'>, speedup = SIMULATED_SPEEDUP) {
    const start = Date.now();
    this.session = new CallSession(
      {
        audio: (frame) => this.heard.push(decodeMulaw(frame)),
        // The frames before a mark have been "played" once they arrived: echo it (after the send returns).
        mark: (name) => queueMicrotask(() => this.session.markPlayed(name)),
        clear: () => (this.heard = []),
        event: (e: CallLiveEvent) => {
          if (e.event !== 'transcript') return;
          this.turns.push(e.turn);
          for (const w of [...this.waiters]) {
            const t = this.turns.slice(w.from).find((x) => x.role === w.role);
            if (!t) continue;
            this.waiters.splice(this.waiters.indexOf(w), 1);
            w.done(t);
          }
        },
      },
      { ...options, now: () => start + (Date.now() - start) * speedup },
    );
  }

  /** The call connects: the agent greets. */
  connect(): Promise<void> {
    return this.session.start();
  }

  /** Says the audio (8 kHz PCM) frame by frame, then enough silence for the session to end the turn. */
  say(pcm: Int16Array): void {
    for (const f of frames(pcm)) this.session.pushAudio(encodeMulaw(f));
    const silence = encodeMulaw(new Int16Array(FRAME_SAMPLES));
    for (let i = 0; i < TRAILING_SILENCE_MS / FRAME_MS; i++) this.session.pushAudio(silence);
  }

  /** The next turn of `role` after the first `from` turns; null when none comes within `timeoutMs`. */
  nextTurn(role: CallTurn['role'], from: number, timeoutMs: number): Promise<CallTurn | null> {
    const found = this.turns.slice(from).find((t) => t.role === role);
    if (found) return Promise.resolve(found);
    return new Promise((resolve) => {
      const w = { role, from, done: (t: CallTurn | null) => (clearTimeout(timer), resolve(t)) };
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(w), 1);
        resolve(null);
      }, timeoutMs);
      this.waiters.push(w);
    });
  }

  /** The agent's audio heard since the last call (8 kHz PCM), and forgets it. */
  takeHeard(): Int16Array {
    const pcm = concatPcm(this.heard);
    this.heard = [];
    return pcm;
  }

  hangUp(): void {
    this.session.stop();
    for (const w of this.waiters.splice(0)) w.done(null);
  }
}
