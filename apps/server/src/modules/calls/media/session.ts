import type { CallTurn, CallTurnTiming } from '@switchboard/core/contracts/calls';
import { concatPcm, decodeMulaw, encodeMulaw, FRAME_MS, FRAME_SAMPLES, frames } from '../../../platform/audio/index.ts';
import { firstChunks, heardText, looksComplete, once, splitSentences, type Segment } from './sentences.ts';

export { heardText, splitSentences } from './sentences.ts';
import type { SttStream } from '../../../platform/providers/stt/index.ts';
import { STT_MISSING } from '../../../platform/providers/stt/index.ts';
import { ttsCache } from '../../../platform/providers/tts/cache.ts';
import { TTS_MISSING } from '../../../platform/providers/tts/index.ts';
import { DEFAULT_VAD, Vad } from './vad.ts';
import { DigitCollector, dtmfKey, dtmfTurnText, DTMF_PAUSE_MS } from './dtmf.ts';
import { LONG_SILENCE_MS, type CallEvent, type Reply, type SessionOptions, type SessionOutput } from './sessionTypes.ts';

export { LONG_SILENCE_MS } from './sessionTypes.ts';
export type { AgentBrain, CallEvent, SessionOptions, SessionOutput } from './sessionTypes.ts';

/** Frames sent ahead of real time, absorbing timer jitter (the far end buffers them). */
const LEAD_FRAMES = 3;

/** The mark sent after a reply's first frame: its echo says when the caller heard the reply start. */
const PLAYED_MARK = /^played-(\d+)$/;

/**
 * One call, independent of its transport: caller audio in 20 ms frames → voice activity and end of
 * turn → speech-to-text → the agent (streamed) → sentences → text-to-speech → audio paced at real time.
 * Caller speech confirmed while the agent talks stops the reply, flushes queued audio (`clear`) and
 * cuts the agent's turn to what the caller heard.
 */
export class CallSession {
  readonly transcript: CallTurn[] = [];
  readonly events: CallEvent[] = [];
  /** Per caller turn spoken, where the time to the reply went. */
  readonly timings: CallTurnTiming[] = [];
  /** The speech engines that synthesized this call's speech (their `name`): decides voice or advancedVoice minutes. */
  readonly ttsEnginesUsed = new Set<string>();
  /** An agent test's call (SessionOptions.test): where a call's records are written, this one writes none. */
  readonly test: boolean;
  private readonly vad: Vad;
  private readonly now: () => number;
  private queue: { frame: Buffer; seg: Segment; reply: Reply }[] = [];
  private timer: NodeJS.Timeout | null = null;
  private paceStart = 0;
  private sentInRun = 0;
  private reply: Reply | null = null;
  private agentDoneAt: number | null = null;
  private marks = 0;
  /** A streaming recogniser fed while the caller talks (engines that have `stream`). */
  private sttStream: SttStream | null = null;
  private notices = new Set<string>();
  private ended = false;
  /** Staff took over: the agent stops listening and speaking. */
  private kicked = false;
  /** What runs once the agent's current reply has been spoken (a transfer, the end of the call). */
  private afterReplyFns: (() => void)[] = [];
  /** Keys pressed since the last DTMF turn (handed to the agent on '#' or a pause). */
  private readonly digits: DigitCollector;

  constructor(
    private readonly out: SessionOutput,
    private readonly o: SessionOptions,
  ) {
    this.vad = new Vad(o.vad ?? DEFAULT_VAD);
    this.now = o.now ?? Date.now;
    this.test = o.test === true;
    this.digits = new DigitCollector(o.dtmfPauseMs ?? DTMF_PAUSE_MS, (keys) => {
      if (!this.ended && !this.kicked) this.callerTurn(dtmfTurnText(keys), this.now());
    });
  }

  /** The call is connected: say which engines are missing, then greet. */
  async start(): Promise<void> {
    if (!this.o.stt) this.notice(this.o.sttMissing ?? STT_MISSING);
    if (!this.o.tts) this.notice(this.o.ttsMissing ?? TTS_MISSING);
    // A local recogniser loads its model while the greeting plays, not when the caller first speaks.
    this.o.stt?.warm?.();
    const text = (await this.o.brain.greeting()).trim();
    if (text && !this.ended) void this.speakFrom(once(text), null, null, true);
  }

  /** One 20 ms μ-law frame of the caller's audio. */
  pushAudio(mulaw: Uint8Array): void {
    if (this.ended || this.kicked) return;
    const pcm = decodeMulaw(mulaw);
    // What the recogniser has so far reads as a finished sentence: a shorter silence ends the turn.
    const ev = this.vad.push(pcm, this.vad.inSpeech && looksComplete(this.sttStream?.partial?.() ?? ''));
    if (this.sttStream && ev?.type !== 'speech_start') this.sttStream.write(pcm);
    if (!ev) return;
    if (ev.type === 'speech_start') {
      this.log('speech_start');
      if (this.o.stt?.stream) {
        this.sttStream = this.o.stt.stream();
        this.sttStream.write(ev.audio);
      }
      if (this.agentDoneAt != null && this.now() - this.agentDoneAt >= LONG_SILENCE_MS) this.log('silence', this.now() - this.agentDoneAt);
      this.agentDoneAt = null;
      if (this.reply) this.bargeIn();
    } else {
      const stream = this.sttStream;
      this.sttStream = null;
      void this.onUtterance(ev.utterance, stream, ev.trailingMs);
    }
  }

  /** Runs fn once the agent's current reply has been spoken (at once when it is not speaking). */
  afterReply(fn: () => void): void {
    if (this.reply && !this.ended) this.afterReplyFns.push(fn);
    else fn();
  }

  /** Records an event of the call (transfers, DTMF sent). */
  note(type: CallEvent['type'], detail?: string | number): void {
    this.log(type, detail);
  }

  markPlayed(name: string): void {
    this.log('mark', name);
    const played = PLAYED_MARK.exec(name);
    const timing = played ? this.timings[Number(played[1])] : undefined;
    if (timing && timing.playedMs == null) timing.playedMs = this.since(timing);
  }

  /**
   * A key the caller pressed (Media Streams `dtmf`, SIP RFC 4733): collected until '#' or a pause of
   * `dtmfPauseMs`, then given to the agent as a caller turn "(caller pressed 1 2 3)". A key pressed
   * while the agent talks stops the reply, as speech would.
   */
  dtmf(digit: string): void {
    const key = dtmfKey(digit);
    if (!key) return;
    this.log('dtmf', key);
    if (this.ended || this.kicked) return;
    if (this.reply) this.bargeIn();
    this.agentDoneAt = null;
    this.digits.push(key);
  }

  /** Staff take over: the agent stops at once and no longer answers. */
  kick(): void {
    if (this.kicked) return;
    this.kicked = true;
    this.log('kick');
    this.sttStream?.abort();
    this.sttStream = null;
    if (this.reply) this.cut(this.reply, true);
  }

  /** The call ended: stop everything; the agent's unfinished turn keeps what was heard. */
  stop(): { transcript: CallTurn[]; events: CallEvent[]; timings: CallTurnTiming[] } {
    this.digits.stop();
    if (!this.ended) {
      if (this.reply) this.cut(this.reply, false);
      this.sttStream?.abort();
      this.ended = true;
    }
    return { transcript: this.transcript, events: this.events, timings: this.timings };
  }

  /** Milliseconds since the caller stopped speaking in this turn (never negative). */
  private since(t: CallTurnTiming): number {
    return Math.max(0, Math.round(this.now() - t.at));
  }

  private log(type: CallEvent['type'], detail?: string | number): void {
    this.events.push({ type, at: this.now(), ...(detail != null ? { detail } : {}) });
  }

  /** A speech engine failed (a refused key, a rate limit, a timeout): the call says so, once per reason. */
  private notice(text: string): void {
    if (this.notices.has(text)) return;
    this.notices.add(text);
    this.log('notice', text);
    this.out.event({ event: 'status', status: 'in-progress', notice: text });
  }

  private engineFailed(err: unknown): void {
    if ((err as Error)?.name === 'AbortError' || this.ended) return;
    this.notice(
      (err as Error)?.name === 'SpeechError' ? (err as Error).message : `A speech engine failed: ${(err as Error)?.message ?? err}`,
    );
  }

  private async onUtterance(pcm: Int16Array, stream: SttStream | null = null, trailingMs = 0): Promise<void> {
    const speechEndAt = this.now();
    this.log('speech_end');
    if (!this.o.stt) return;
    const timing: CallTurnTiming = {
      at: speechEndAt - trailingMs,
      endDetectedMs: trailingMs,
      transcriptMs: null,
      firstTokenMs: null,
      firstAudioMs: null,
      playedMs: null,
    };
    let text: string;
    try {
      text = (await (stream ? stream.finish() : this.o.stt.transcribe(pcm))).trim();
    } catch (err) {
      this.engineFailed(err);
      return;
    }
    if (!text || this.ended || this.kicked) return;
    timing.transcriptMs = this.since(timing);
    this.timings.push(timing);
    this.log('final_transcript', text);
    this.callerTurn(text, speechEndAt, timing);
  }

  /** What the caller said (or pressed) goes into the transcript and to the agent, whose reply is spoken. */
  private callerTurn(text: string, speechEndAt: number, timing: CallTurnTiming | null = null): void {
    const turn: CallTurn = { role: 'caller', text, at: speechEndAt, latencyMs: null, interrupted: false };
    const history = this.transcript.map((t) => ({
      role: t.role === 'caller' ? ('user' as const) : ('assistant' as const),
      content: t.text,
    }));
    this.transcript.push(turn);
    this.out.event({ event: 'transcript', turn });
    if (this.reply) this.bargeIn();
    void this.speakFrom(this.o.brain.reply(history, text), speechEndAt, timing);
  }

  /**
   * Speaks a stream of text: sentence by sentence, synthesis of one overlapping the model's next.
   * `fixed`: a phrase said on every call (the greeting): its speech is made once and kept.
   */
  private async speakFrom(
    source: AsyncIterable<string>,
    speechEndAt: number | null,
    timing: CallTurnTiming | null = null,
    fixed = false,
  ): Promise<void> {
    const r: Reply = {
      turn: { role: 'agent', text: '', at: this.now(), latencyMs: null, interrupted: false },
      segments: [],
      speechEndAt,
      aborted: false,
      llmDone: false,
      tts: Promise.resolve(),
      ttsPending: 0,
      stop: new AbortController(),
      firstAudio: false,
      timing,
    };
    this.reply = r;
    let buf = '';
    let first = true;
    try {
      for await (const delta of source) {
        if (r.aborted) return;
        if (first) {
          this.log('first_token');
          if (timing) timing.firstTokenMs = this.since(timing);
        }
        first = false;
        buf += delta;
        const { sentences, rest } = splitSentences(buf);
        buf = rest;
        for (const s of sentences) this.sayChunks(r, s, fixed);
      }
      if (buf.trim()) this.sayChunks(r, buf.trim(), fixed);
    } catch {
      if (r.aborted) return;
      this.say(r, 'Sorry, I cannot answer right now.', true);
    }
    r.llmDone = true;
    await r.tts;
    this.maybeFinish(r);
  }

  /** A sentence to speak; the reply's first, when long, in two parts so its speech starts sooner. */
  private sayChunks(r: Reply, sentence: string, fixed: boolean): void {
    for (const part of r.segments.length === 0 ? firstChunks(sentence) : [sentence]) this.say(r, part, fixed);
  }

  private say(r: Reply, text: string, fixed = false): void {
    const seg: Segment = { text, frames: 0, sent: 0, done: false };
    r.segments.push(seg);
    r.ttsPending++;
    r.tts = r.tts.then(async () => {
      try {
        const tts = this.o.tts;
        if (r.aborted || !tts) return;
        this.ttsEnginesUsed.add(tts.name);
        // Fixed phrases (and every short sentence of a local engine) are made once and then played at once.
        const keep = fixed || tts.reusable === true;
        const cached = keep ? ttsCache.get(tts, this.o.voice, text) : undefined;
        if (cached) {
          this.enqueue(r, seg, cached, true);
          return;
        }
        const made: Int16Array[] = [];
        const signal = r.stop.signal;
        // A streaming engine's chunks are played as they arrive; another's sentence once it is made.
        const chunks = tts.stream ? tts.stream(text, signal, this.o.voice) : once(await tts.synthesize(text, signal, this.o.voice));
        let rest: Int16Array = new Int16Array(0);
        for await (const chunk of chunks) {
          if (r.aborted) return;
          if (keep) made.push(chunk);
          rest = this.enqueue(r, seg, rest.length ? concatPcm([rest, chunk]) : chunk, false);
        }
        if (r.aborted) return;
        if (keep) ttsCache.set(tts, this.o.voice, text, concatPcm(made));
        this.enqueue(r, seg, rest, true);
      } catch (err) {
        // A sentence that could not be synthesized is skipped (the transcript keeps it as unheard); the call says why.
        this.engineFailed(err);
      } finally {
        r.ttsPending--;
      }
    });
  }

  /** Queues the whole frames of `pcm` (all of it when `last`) and answers the samples left over. */
  private enqueue(r: Reply, seg: Segment, pcm: Int16Array, last: boolean): Int16Array {
    const usable = last ? pcm.length : pcm.length - (pcm.length % FRAME_SAMPLES);
    if (usable > 0) {
      for (const f of frames(pcm.subarray(0, usable))) this.queue.push({ frame: encodeMulaw(f), seg, reply: r });
      seg.frames += Math.ceil(usable / FRAME_SAMPLES);
    }
    if (last) {
      seg.done = true;
      // Every frame already played before the stream ended: the sentence's mark goes now.
      if (seg.frames > 0 && seg.sent === seg.frames) this.out.mark(`s${++this.marks}`);
    }
    this.pump();
    return pcm.subarray(usable);
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
        if (reply.timing) reply.timing.firstAudioMs = this.since(reply.timing);
      }
      this.out.audio(item.frame);
      // The carrier echoes a mark once the audio before it has played: this one times the reply's first frame heard.
      if (reply.timing && seg.sent === 0 && reply.segments[0] === seg) this.out.mark(`played-${this.timings.indexOf(reply.timing)}`);
      seg.sent++;
      if (seg.done && seg.sent === seg.frames) this.out.mark(`s${++this.marks}`);
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
    r.stop.abort();
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
    if (r.turn.text) {
      this.transcript.push(r.turn);
      this.out.event({ event: 'transcript', turn: r.turn });
    }
    if (!this.reply) for (const fn of this.afterReplyFns.splice(0)) fn();
  }
}
