import type { CallLiveEvent } from '@switchboard/core/contracts/calls';
import type { Logger } from 'pino';
import type { MediaConnection } from '../../../platform/providers/carrier/index.ts';
import type { SttProvider } from '../../../platform/providers/stt/index.ts';
import type { TtsProvider } from '../../../platform/providers/tts/index.ts';
import type { createAgentRuntime, FunctionCallRecord, VoiceControl } from '../../agents/index.ts';
import type { LiveEntry } from '../live/live.ts';
import type { CallRow } from '../repository.ts';
import type { CallsService } from '../service.ts';
import { enginesFor, type AgentVoice, type SttEngines, type TtsEngines } from './engines.ts';
import { CallSession, type AgentBrain } from './session.ts';

/** The speech engines of calls (engines.ts builds them): the 'auto' pair, each engine an agent may choose, and the agent's settings. */
export interface VoiceEngines {
  stt: SttProvider | null;
  tts: TtsProvider | null;
  sttEngines?: SttEngines;
  ttsEngines?: TtsEngines;
  /** The agent's call settings (engines, voice, VAD) for this call; none: the defaults. */
  settingsFor?: (call: CallRow) => Promise<AgentVoice | null>;
}

/** Twilio Media Streams messages we read (https://www.twilio.com/docs/voice/media-streams/websocket-messages). */
type Inbound =
  | { event: 'connected'; protocol?: string; version?: string }
  | { event: 'start'; streamSid: string; start: { streamSid: string; callSid?: string; customParameters?: Record<string, string> } }
  | { event: 'media'; streamSid: string; media: { payload: string; track?: string } }
  | { event: 'mark'; streamSid: string; mark: { name: string } }
  | { event: 'dtmf'; streamSid: string; dtmf: { digit: string } }
  | { event: 'stop'; streamSid: string };

/**
 * One media stream: waits for `start` (whose customParameters.ticket names the call), answers the call,
 * then feeds `media` frames to the call session and sends the session's audio back as `media`, a `mark`
 * after each sentence and `clear` on barge-in. Web calls also receive `transcript` and `status` messages.
 */
export function handleMediaStream(
  conn: MediaConnection,
  deps: { calls: CallsService; engines: VoiceEngines; brainFor: (call: CallRow, entry: () => LiveEntry | null) => AgentBrain; log: Logger },
): void {
  let session: CallSession | null = null;
  let entry: LiveEntry | null = null;
  let callId: string | null = null;
  let streamSid = '';
  let carrierSid: string | null = null;
  let starting = false;
  let ended = false;

  const end = (reason: string) => {
    if (ended) return;
    ended = true;
    if (callId) deps.calls.finish(callId, reason).catch((err) => deps.log.error({ err, callId }, 'storing the call failed'));
  };

  conn.onClose(() => end('hung up'));
  conn.onMessage((text) => {
    let msg: Inbound;
    try {
      msg = JSON.parse(text) as Inbound;
    } catch {
      return;
    }
    switch (msg.event) {
      case 'start': {
        if (starting) return;
        starting = true;
        streamSid = msg.start?.streamSid ?? msg.streamSid;
        carrierSid = msg.start?.callSid ?? null;
        void begin(msg.start?.customParameters?.ticket ?? '');
        return;
      }
      case 'media': {
        if (!session || typeof msg.media?.payload !== 'string') return;
        const frame = Buffer.from(msg.media.payload, 'base64');
        session.pushAudio(frame);
        if (entry) deps.calls.live.callerAudio(entry, frame);
        return;
      }
      case 'mark':
        session?.markPlayed(String(msg.mark?.name ?? ''));
        return;
      case 'dtmf':
        session?.dtmf(String(msg.dtmf?.digit ?? ''));
        return;
      case 'stop':
        end('hung up');
        conn.close();
        return;
    }
  });

  async function begin(ticket: string) {
    // An agent test's call (its ticket known only to this process) has no stored call to answer.
    const test = deps.calls.testCalls.take(ticket);
    const id = test ? null : deps.calls.callIdOfTicket(ticket);
    const call = test ? test.row : id ? await deps.calls.answer(id, { webOnly: conn.phoneCalls === false }) : null;
    if (!call) {
      conn.send(
        JSON.stringify({
          event: 'error',
          message:
            'This call cannot be streamed (unknown, expired or already connected, or a phone call on a stream the carrier did not sign).',
        }),
      );
      conn.close();
      return;
    }
    callId = call.id;
    const web = call.direction === 'web';
    // Web and test calls also hear the transcript and the call's status (a test call's customer waits on them).
    const told = web || test != null;
    const settings = test
      ? null
      : await deps.engines.settingsFor?.(call).catch((err) => (deps.log.error({ err, callId }, 'reading voice settings failed'), null));
    const e = test ? test.engines : enginesFor(deps.engines, settings ?? null);
    const send = (m: object) => conn.send(JSON.stringify({ ...m, streamSid }));
    const toCaller = (frame: Buffer) => {
      send({ event: 'media', media: { payload: frame.toString('base64') } });
      if (entry) deps.calls.live.agentAudio(entry, frame);
    };
    session = new CallSession(
      {
        audio: toCaller,
        mark: (name) => send({ event: 'mark', mark: { name } }),
        clear: () => send({ event: 'clear' }),
        event: (e: CallLiveEvent) => {
          if (told) send(e);
          if (entry) deps.calls.live.sessionEvent(entry, e).catch((err) => deps.log.warn({ err, callId }, 'live call event failed'));
        },
      },
      {
        stt: e.stt,
        tts: e.tts,
        vad: e.vad,
        voice: e.voice,
        sttMissing: e.sttMissing,
        ttsMissing: e.ttsMissing,
        brain: test ? test.brain : deps.brainFor(call, () => entry),
        test: test != null,
      },
    );
    entry = deps.calls.register(call, session, {
      hangUp: () => {
        ended = true;
        if (told) send({ event: 'stop' });
        conn.close();
      },
      speak: toCaller,
      carrierSid,
    });
    if (told) send({ event: 'status', status: 'in-progress' });
    if (ended) return void deps.calls.finish(call.id, 'hung up');
    await session.start().catch((err) => deps.log.error({ err, callId }, 'call greeting failed'));
  }
}

/**
 * The agent runtime as a call's brain: the same turn as chat and SMS, on the voice channel. `handOff`
 * records what hands the call to a person (the message taken without a model) in its conversation.
 */
export function runtimeBrain(
  runtime: ReturnType<typeof createAgentRuntime>,
  call: CallRow,
  voice?: VoiceControl,
  handOff?: (actions: FunctionCallRecord[], key: string) => Promise<void>,
  log?: Logger,
  onFunction?: (call: FunctionCallRecord) => void,
): AgentBrain {
  const accountId = call.agent_id;
  const copy = call.direction === 'web' ? ('staging' as const) : ('default' as const);
  const caller = call.direction === 'inbound' ? call.from_number : call.to_number;
  return {
    greeting: () => runtime.greeting(accountId, copy, caller),
    async *reply(history, message) {
      const handedOff: FunctionCallRecord[] = [];
      for await (const ev of runtime.stream({
        accountId,
        copy,
        history,
        message,
        channel: 'voice',
        conversation: { from: caller, to: call.from_number },
        voice,
      })) {
        if (ev.type === 'text') yield ev.delta;
        else if (ev.type === 'function_call') {
          onFunction?.(ev.call);
          if (ev.call.name === 'message_taken') handedOff.push(ev.call);
        }
      }
      if (handedOff.length && handOff) {
        await handOff(handedOff, `turn:${history.length}`).catch((err) =>
          log?.error({ err, callId: call.id }, 'recording the message taken failed'),
        );
      }
    },
  };
}
