import type { CallLiveEvent, CallTurn } from '@switchboard/core/contracts/calls';
import { decodeMulaw, encodeMulaw, FRAME_MS, frames } from '../../platform/audio/index.ts';
import type { SttProvider } from '../../platform/providers/stt/index.ts';
import { STT_MISSING } from '../../platform/providers/stt/index.ts';
import { TTS_MISSING, type TtsProvider } from '../../platform/providers/tts/index.ts';
import { DEFAULT_VAD, Vad, type VadSettings } from './vad.ts';

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
    | 'kick';
  at: number;
  detail?: string | number;
}

export interface SessionOptions {
  stt: SttProvider | null;
  tts: TtsProvider | null;
  brain: AgentBrain;
  vad?: VadSettings;
  now?: () => number;
}

/** Frames sent ahead of real time, absorbing timer jitter (the far end buffers them). */
const LEAD_FRAMES = 3;
/** A wait this long for the caller after the agent finished counts as a long silence (for review). */
export const LONG_SILENCE_MS = 8000;

interface Segment {
  text: string;
  frames: number;
  sent: number;
}

interface Reply {
  turn: CallTurn;
  segments: Segment[];
  speechEndAt: number | null;
  aborted: boolean;
  llmDone: boolean;
  tts: Promise<void>;
  ttsPending: number;
  firstAudio: boolean;
}

/**
 * One call, independent of its transport: caller audio in 20 ms frames → voice activity and end of
 * turn → speech-to-text → the agent (streamed) → sentences → text-to-speech → audio paced at real time.
 * Caller speech confirmed while the agent talks stops the reply, flushes queued audio (`clear`) and
 * cuts the agent's turn to what the caller heard.
 */
export class CallSession {
  readonly transcript: CallTurn[] = [];
  readonly events: CallEvent[] = [];
  private readonly vad: Vad;
  private readonly now: () => number;
  private queue: { frame: Buffer; seg: Segment; reply: Reply }[] = [];
  private timer: NodeJS.Timeout | null = null;
  private paceStart = 0;
  private sentInRun = 0;
  private reply: Reply | null = null;
  private agentDoneAt: number | null = null;
  private marks = 0;
  private ended = false;
  /** Staff took over: the agent stops listening and speaking. */
  private kicked = false;

  constructor(
    private readonly out: SessionOutput,
    private readonly o: SessionOptions,
  ) {
    this.vad = new Vad(o.vad ?? DEFAULT_VAD);
    this.now = o.now ?? Date.now;
  }

  /** The call is connected: say which engines are missing, then greet. */
  async start(): Promise<void> {
    for (const notice of [this.o.stt ? null : STT_MISSING, this.o.tts ? null : TTS_MISSING]) {
      if (!notice) continue;
      this.log('notice', notice);
      this.out.event({ event: 'status', status: 'in-progress', notice });
    }
    const text = (await this.o.brain.greeting()).trim();
    if (text && !this.ended) void this.speakFrom(once(text), null);
  }

  /** One 20 ms μ-law frame of the caller's audio. */
  pushAudio(mulaw: Uint8Array): void {
    if (this.ended || this.kicked) return;
    const ev = this.vad.push(decodeMulaw(mulaw));
    if (!ev) return;
    if (ev.type === 'speech_start') {
      this.log('speech_start');
      if (this.agentDoneAt != null && this.now() - this.agentDoneAt >= LONG_SILENCE_MS) this.log('silence', this.now() - this.agentDoneAt);
      this.agentDoneAt = null;
      if (this.reply) this.bargeIn();
    } else {
      void this.onUtterance(ev.utterance);
    }
  }

  markPlayed(name: string): void {
    this.log('mark', name);
  }

  dtmf(digit: string): void {
    this.log('dtmf', digit);
  }

  /** Staff take over: the agent stops at once and no longer answers. */
  kick(): void {
    if (this.kicked) return;
    this.kicked = true;
    this.log('kick');
    if (this.reply) this.cut(this.reply, true);
  }

  /** The call ended: stop everything; the agent's unfinished turn keeps what was heard. */
  stop(): { transcript: CallTurn[]; events: CallEvent[] } {
    if (!this.ended) {
      if (this.reply) this.cut(this.reply, false);
      this.ended = true;
    }
    return { transcript: this.transcript, events: this.events };
  }

  private log(type: CallEvent['type'], detail?: string | number): void {
    this.events.push({ type, at: this.now(), ...(detail != null ? { detail } : {}) });
  }

  private async onUtterance(pcm: Int16Array): Promise<void> {
    const speechEndAt = this.now();
    this.log('speech_end');
    if (!this.o.stt) return;
    let text: string;
    try {
      text = (await this.o.stt.transcribe(pcm)).trim();
    } catch {
      return;
    }
    if (!text || this.ended || this.kicked) return;
    this.log('final_transcript', text);
    const turn: CallTurn = { role: 'caller', text, at: speechEndAt, latencyMs: null, interrupted: false };
    const history = this.transcript.map((t) => ({
      role: t.role === 'caller' ? ('user' as const) : ('assistant' as const),
      content: t.text,
    }));
    this.transcript.push(turn);
    this.out.event({ event: 'transcript', turn });
    if (this.reply) this.bargeIn();
    void this.speakFrom(this.o.brain.reply(history, text), speechEndAt);
  }

  /** Speaks a stream of text: sentence by sentence, synthesis of one overlapping the model's next. */
  private async speakFrom(source: AsyncIterable<string>, speechEndAt: number | null): Promise<void> {
    const r: Reply = {
      turn: { role: 'agent', text: '', at: this.now(), latencyMs: null, interrupted: false },
      segments: [],
      speechEndAt,
      aborted: false,
      llmDone: false,
      tts: Promise.resolve(),
      ttsPending: 0,
      firstAudio: false,
    };
    this.reply = r;
    let buf = '';
    let first = true;
    try {
      for await (const delta of source) {
        if (r.aborted) return;
        if (first) this.log('first_token');
        first = false;
        buf += delta;
        const { sentences, rest } = splitSentences(buf);
        buf = rest;
        for (const s of sentences) this.say(r, s);
      }
      if (buf.trim()) this.say(r, buf.trim());
    } catch {
      if (r.aborted) return;
      this.say(r, 'Sorry, I cannot answer right now.');
    }
    r.llmDone = true;
    await r.tts;
    this.maybeFinish(r);
  }

  private say(r: Reply, text: string): void {
    const seg: Segment = { text, frames: 0, sent: 0 };
    r.segments.push(seg);
    r.ttsPending++;
    r.tts = r.tts.then(async () => {
      try {
        if (r.aborted || !this.o.tts) return;
        const pcm = await this.o.tts.synthesize(text);
        if (r.aborted) return;
        const fr = frames(pcm);
        seg.frames = fr.length;
        for (const f of fr) this.queue.push({ frame: encodeMulaw(f), seg, reply: r });
        this.pump();
      } catch {
        // A sentence that could not be synthesized is skipped; the transcript keeps it as unheard.
      } finally {
        r.ttsPending--;
      }
    });
  }

  /** Sends queued frames at real time (drift-corrected against the start of the run). */
  private pump(): void {
    if (this.timer || this.queue.length === 0) return;
    this.paceStart = this.now();
    this.sentInRun = 0;
    const tick = () => {
      this.timer = null;
      const item = this.queue.shift();
      if (!item) return;
      const { seg, reply } = item;
      if (!reply.firstAudio) {
        reply.firstAudio = true;
        reply.turn.at = this.now();
        if (reply.speechEndAt != null) reply.turn.latencyMs = this.now() - reply.speechEndAt;
        this.log('first_audio');
      }
      this.out.audio(item.frame);
      seg.sent++;
      if (seg.sent === seg.frames) this.out.mark(`s${++this.marks}`);
      this.sentInRun++;
      if (this.queue.length === 0) {
        this.maybeFinish(reply);
        return;
      }
      const due = this.paceStart + (this.sentInRun - LEAD_FRAMES) * FRAME_MS;
      this.timer = setTimeout(tick, Math.max(0, due - this.now()));
    };
    tick();
  }

  private maybeFinish(r: Reply): void {
    if (this.reply !== r || !r.llmDone || r.ttsPending > 0 || this.queue.some((q) => q.reply === r)) return;
    r.turn.text = r.segments.map((s) => s.text).join(' ');
    this.finishTurn(r);
    this.agentDoneAt = this.now();
  }

  private bargeIn(): void {
    this.log('barge_in');
    if (this.reply) this.cut(this.reply, true);
  }

  /** Stops a reply: flushes its audio and keeps in the transcript only the words the caller heard. */
  private cut(r: Reply, interrupted: boolean): void {
    r.aborted = true;
    const hadQueued = this.queue.length > 0;
    this.queue = [];
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (hadQueued || r.segments.some((s) => s.sent > 0)) this.out.clear();
    r.turn.text = heardText(r.segments);
    r.turn.interrupted = interrupted;
    this.finishTurn(r);
  }

  private finishTurn(r: Reply): void {
    if (this.reply === r) this.reply = null;
    if (!r.turn.text) return;
    this.transcript.push(r.turn);
    this.out.event({ event: 'transcript', turn: r.turn });
  }
}

/** The words of each sentence in proportion to the frames of it that were sent. */
export function heardText(segments: Segment[]): string {
  const parts: string[] = [];
  for (const s of segments) {
    if (s.sent === 0 || s.frames === 0) break;
    if (s.sent >= s.frames) {
      parts.push(s.text);
      continue;
    }
    const words = s.text.split(/\s+/);
    const n = Math.floor((words.length * s.sent) / s.frames);
    if (n > 0) parts.push(words.slice(0, n).join(' '));
    break;
  }
  return parts.join(' ');
}

/** Whole sentences (ending in . ! ? or a newline) and the unfinished rest. */
export function splitSentences(text: string): { sentences: string[]; rest: string } {
  const sentences: string[] = [];
  const re = /[^.!?\n]*[.!?]+(?=\s)|[^\n]*\n/g;
  let last = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const s = m[0].trim();
    if (s) sentences.push(s);
    last = re.lastIndex;
  }
  return { sentences, rest: text.slice(last) };
}

async function* once(text: string): AsyncIterable<string> {
  yield text;
}
