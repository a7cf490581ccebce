import type { TranscriptTurn } from '@switchboard/core';
import type { LlmProvider } from '../../platform/providers/llm/index.ts';
import { decodeMulaw } from '../../platform/audio/index.ts';
import { STT_MISSING, type SttStream } from '../../platform/providers/stt/index.ts';
import { TTS_MISSING } from '../../platform/providers/tts/index.ts';
import type { AccountRow } from '../accounts/index.ts';
import type { AgentRuntime, FunctionCallRecord } from '../agents/index.ts';
import { SimulatedCarrierCall, type CallEngines, type StreamMessage, type TestCallLine } from '../calls/index.ts';
import type { ScenarioSpec } from './repository.ts';
import { CUSTOMER_DONE, customerLine, simulatedCallControl, type Conversation } from './runner.ts';

/** How long the agent may take to hear the customer once they stopped, and to write and speak its reply (real time). */
const HEAR_TIMEOUT_MS = 30_000;
const REPLY_TIMEOUT_MS = 60_000;

const turnOf = (role: 'caller' | 'agent') => (m: StreamMessage) => m.event === 'transcript' && m.turn?.role === role;

/**
 * Plays a voice scenario as a phone call through the simulated carrier: a test call comes in on this
 * server's media WebSocket (Twilio Media Streams, calls/simulator/carrier.ts) and runs the call session
 * every phone call runs, flagged as a test so it leaves no record (calls/dialing/testCalls.ts). Each
 * customer line is synthesized by the text-to-speech engine and streamed in real time as 20 ms μ-law
 * frames; the agent hears it through speech-to-text, answers (functions simulated) and speaks; its
 * frames come back over the socket (marks echoed) and are transcribed by the speech-to-text engine
 * (a streaming engine hears them as they arrive): that is the agent's turn in the transcript. The call's `transcript` messages only say when a turn
 * ended. Without both engines the scenario cannot run (it says which is missing); a scenario in `text`
 * mode runs without audio instead (runner.ts).
 */
export async function playCall(
  runtime: AgentRuntime,
  account: AccountRow,
  copy: 'staging' | 'default',
  spec: ScenarioSpec,
  customer: LlmProvider | null,
  engines: CallEngines,
  line: TestCallLine,
): Promise<Conversation> {
  const { stt, tts } = engines;
  if (!stt || !tts)
    throw new Error(
      `${!stt ? (engines.sttMissing ?? STT_MISSING) : (engines.ttsMissing ?? TTS_MISSING)} A voice scenario speaks the customer's lines and transcribes the agent's audio, so it needs both speech engines (or set the scenario's voice mode to text).`,
    );
  const transcript: TranscriptTurn[] = [];
  const calls: FunctionCallRecord[] = [];
  const state = { endedByAgent: false, transferred: false };
  let turnCalls: FunctionCallRecord[] = [];
  let replyText = '';
  // The agent's greeting or reply has been written (its speech may still be playing).
  let written = () => {};
  let replyWritten = new Promise<void>((r) => (written = r));
  const voice = simulatedCallControl(state);
  const { url, ticket } = line.open({
    orgId: account.account_type === 'agent' ? (account.organization_id ?? account.id) : account.id,
    agentId: account.id,
    engines,
    brain: {
      async greeting() {
        try {
          return (replyText = await runtime.greeting(account.id, copy));
        } finally {
          written();
        }
      },
      async *reply(history, message) {
        replyText = '';
        try {
          for await (const ev of runtime.stream({
            accountId: account.id,
            copy,
            history,
            message,
            channel: 'voice',
            simulateFunctions: true,
            voice,
          })) {
            if (ev.type === 'text') {
              replyText += ev.delta;
              yield ev.delta;
            } else if (ev.type === 'function_call') turnCalls.push(ev.call);
          }
        } finally {
          written();
        }
      },
    },
  });
  // A streaming recogniser hears each agent turn as its frames arrive (only its tail is left when the turn ends).
  const ear: { hearing: SttStream | null } = { hearing: null };
  const call = await SimulatedCarrierCall.dial(url, ticket, {
    onAgentAudio: (frame) => {
      if (stt.stream) (ear.hearing ??= stt.stream()).write(decodeMulaw(frame));
    },
  });
  /** Why the call may have gone wrong, as it said (a speech engine that failed). */
  const notices = () => {
    const said = [...new Set(call.messages.flatMap((m) => (m.event === 'status' && m.notice ? [m.notice] : [])))];
    return said.length ? ` The call said: ${said.join(' ')}` : '';
  };

  // What the customer heard of each agent turn is transcribed while the call goes on.
  const transcribing: Promise<void>[] = [];
  /** Waits for the agent's turn after message `from` and adds what the customer heard of it to the transcript. */
  const listen = async (from: number) => {
    let timer: NodeJS.Timeout | undefined;
    const got = await Promise.race([
      replyWritten.then(() => 'written' as const),
      call.closed.then(() => 'ended' as const),
      new Promise<'late'>((r) => (timer = setTimeout(() => r('late'), REPLY_TIMEOUT_MS))),
    ]);
    clearTimeout(timer);
    if (got === 'late') throw new Error(`The agent did not answer in time.${notices()}`);
    if (got === 'ended') {
      const error = call.messages.find((m) => m.event === 'error')?.message;
      throw new Error(`The call ended before the agent answered${error ? `: ${error}` : '.'}`);
    }
    const spoken = replyText.trim() !== '';
    if (spoken)
      await call.until(turnOf('agent'), "the end of the agent's turn", from, REPLY_TIMEOUT_MS).catch((err: Error) => {
        throw new Error(`The agent did not finish speaking its reply: ${err.message}${notices()}`);
      });
    calls.push(...turnCalls);
    if (turnCalls.some((c) => c.name === 'transfer_call' && c.ok)) state.transferred = true;
    if (spoken || turnCalls.length) {
      const entry: TranscriptTurn = {
        role: 'agent',
        text: '',
        functionCalls: turnCalls.map((c) => ({ name: c.name, arguments: c.arguments, ok: c.ok })),
      };
      transcript.push(entry);
      const audio = call.takeHeard();
      const heard = ear.hearing;
      ear.hearing = null;
      if (!spoken) heard?.abort();
      else {
        const done = (heard ? heard.finish() : stt.transcribe(audio)).then((text) => void (entry.text = text.trim()));
        done.catch(() => {}); // awaited below; not unhandled when the call stops first
        transcribing.push(done);
      }
    }
    turnCalls = [];
  };

  try {
    await listen(0);
    const script = [spec.openingMessage, ...spec.turns].filter((t) => t.trim());
    for (let turn = 0; turn < spec.maxTurns && !state.endedByAgent && !state.transferred; turn++) {
      let said: string | null = script[turn] ?? null;
      if (said == null && customer) {
        // The model playing the customer reads what it heard so far.
        await Promise.all(transcribing);
        said = await customerLine(customer, spec, transcript);
      }
      if (said == null || said.trim() === '' || said.includes(CUSTOMER_DONE)) break;
      transcript.push({ role: 'customer', text: said, functionCalls: [] });
      const from = call.messages.length;
      replyText = '';
      replyWritten = new Promise((r) => (written = r));
      await call.say(await tts.synthesize(said));
      await call.until(turnOf('caller'), "the customer's turn", from, HEAR_TIMEOUT_MS).catch(() => {
        throw new Error(`The agent did not hear the customer's line “${said}” (speech recognition found no words in it).${notices()}`);
      });
      await listen(from);
    }
    await Promise.all(transcribing);
  } finally {
    call.hangUp();
    ear.hearing?.abort();
  }
  return { transcript, calls, ...state, heard: true };
}
