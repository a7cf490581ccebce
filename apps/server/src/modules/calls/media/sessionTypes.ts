import type { CallLiveEvent, CallTurn, CallTurnTiming } from '@switchboard/core/contracts/calls';
import type { SttProvider } from '../../../platform/providers/stt/index.ts';
import type { TtsProvider } from '../../../platform/providers/tts/index.ts';
import type { Segment } from './sentences.ts';
import type { VadSettings } from './vad.ts';

/** The types a voice session (session.ts) is built from and reports in. */

/** What a session sends towards the caller (a transport turns these into its protocol's messages). */
export interface SessionOutput {
  /** One 20 ms μ-law frame, at real time. */
  audio(frame: Buffer): void;
  /** After the last frame of each spoken sentence. */
  mark(name: string): void;
  /** Drop whatever audio the far end still buffers (barge-in). */
  clear(): void;
  /** Transcript turns and notices as they happen. */
  event(e: CallLiveEvent): void;
}

/** The agent behind the call: its greeting and its streamed reply to what the caller said. */
export interface AgentBrain {
  greeting(): Promise<string>;
  reply(history: { role: 'user' | 'assistant'; content: string }[], message: string): AsyncIterable<string>;
}

export interface CallEvent {
  type:
    | 'speech_start'
    | 'speech_end'
    | 'final_transcript'
    | 'first_token'
    | 'first_audio'
    | 'barge_in'
    | 'silence'
    | 'mark'
    | 'dtmf'
    | 'notice'
    | 'kick'
    | 'transfer'
    | 'dtmf_out'
    /** A function the agent ran: its name, whether it worked and its arguments (JSON; the analysis reads it). */
    | 'function';
  at: number;
  detail?: string | number;
}

export interface SessionOptions {
  stt: SttProvider | null;
  tts: TtsProvider | null;
  brain: AgentBrain;
  vad?: VadSettings;
  /** The agent's voice, passed to text-to-speech. */
  voice?: string;
  /** Why the agent's chosen engine is absent (instead of the generic 'install…' notice). */
  sttMissing?: string;
  ttsMissing?: string;
  /** Keys pressed with no further key for this long go to the agent as one caller turn (default DTMF_PAUSE_MS). */
  dtmfPauseMs?: number;
  now?: () => number;
  /**
   * An agent test's call (calls/dialing/testCalls.ts): no customer is on it, so it leaves no trace in
   * the customer data: no call record, no charge, no webhook, no conversation, no live-call events.
   */
  test?: boolean;
}

/** A wait this long for the caller after the agent finished counts as a long silence (for review). */
export const LONG_SILENCE_MS = 8000;

/** One agent reply in progress: its turn, its sentences and where its speech has got to. */
export interface Reply {
  turn: CallTurn;
  segments: Segment[];
  speechEndAt: number | null;
  aborted: boolean;
  llmDone: boolean;
  tts: Promise<void>;
  ttsPending: number;
  /** Aborted when the reply is cut: stops its speech requests. */
  stop: AbortController;
  firstAudio: boolean;
  /** Where this reply's time goes (replies to speech; none for the greeting or keys pressed). */
  timing: CallTurnTiming | null;
}
