import type { TranscriptTurn } from '@switchboard/core';
import type { LlmProvider } from '../../platform/providers/llm/index.ts';
import { STT_MISSING } from '../../platform/providers/stt/index.ts';
import { TTS_MISSING } from '../../platform/providers/tts/index.ts';
import type { AccountRow } from '../accounts/index.ts';
import type { AgentRuntime, FunctionCallRecord } from '../agents/index.ts';
import { SimulatedCaller, type CallEngines } from '../calls/index.ts';
import type { ScenarioSpec } from './repository.ts';
import { CUSTOMER_DONE, customerLine, simulatedCallControl, type Conversation } from './runner.ts';

/** How long the agent may take to hear the customer, and to finish its reply (real time). */
const HEAR_TIMEOUT_MS = 30_000;
const REPLY_TIMEOUT_MS = 45_000;

/**
 * Plays a voice scenario as a call: a simulated caller (calls/simulator) on the call session every phone
 * call runs. Each customer line is synthesized by the text-to-speech engine and spoken as caller audio;
 * the agent hears it through speech-to-text, answers (functions simulated) and speaks; what the caller
 * heard is transcribed by the speech-to-text engine, and that is the agent's turn in the transcript.
 * The call's clock runs faster than real time. Without both engines the scenario cannot run (it says
 * which is missing); a scenario in `text` mode runs without audio instead (runner.ts).
 */
export async function playCall(
  runtime: AgentRuntime,
  account: AccountRow,
  copy: 'staging' | 'default',
  spec: ScenarioSpec,
  customer: LlmProvider | null,
  engines: CallEngines,
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
  // The agent's reply to the customer's line has been written (its speech may still be playing).
  let replyWritten: Promise<void> = Promise.resolve();
  let written = () => {};
  const voice = simulatedCallControl(state);
  const caller = new SimulatedCaller({
    stt,
    tts,
    vad: engines.vad,
    ...(engines.voice ? { voice: engines.voice } : {}),
    brain: {
      greeting: async () => (replyText = await runtime.greeting(account.id, copy)),
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

  // What the caller heard of each agent turn is transcribed while the call goes on.
  const transcribing: Promise<void>[] = [];
  /** Waits for the agent's turn after the first `from` and adds what the caller heard of it to the transcript. */
  const listen = async (from: number) => {
    await Promise.race([replyWritten, new Promise((r) => setTimeout(r, REPLY_TIMEOUT_MS).unref())]);
    const turn = replyText.trim() ? await caller.nextTurn('agent', from, REPLY_TIMEOUT_MS) : null;
    if (replyText.trim() && !turn) throw new Error('The agent did not finish speaking its reply in time.');
    calls.push(...turnCalls);
    if (turnCalls.some((c) => c.name === 'transfer_call' && c.ok)) state.transferred = true;
    if (turn || turnCalls.length) {
      const entry: TranscriptTurn = {
        role: 'agent',
        text: '',
        functionCalls: turnCalls.map((c) => ({ name: c.name, arguments: c.arguments, ok: c.ok })),
      };
      transcript.push(entry);
      const audio = caller.takeHeard();
      if (turn) {
        const done = stt.transcribe(audio).then((text) => void (entry.text = text.trim()));
        done.catch(() => {}); // awaited below; not unhandled when the call stops first
        transcribing.push(done);
      }
    }
    turnCalls = [];
  };

  try {
    await caller.connect();
    await listen(0);
    const script = [spec.openingMessage, ...spec.turns].filter((t) => t.trim());
    for (let turn = 0; turn < spec.maxTurns && !state.endedByAgent && !state.transferred; turn++) {
      let line: string | null = script[turn] ?? null;
      if (line == null && customer) {
        // The model playing the customer reads what it heard so far.
        await Promise.all(transcribing);
        line = await customerLine(customer, spec, transcript);
      }
      if (line == null || line.trim() === '' || line.includes(CUSTOMER_DONE)) break;
      transcript.push({ role: 'customer', text: line, functionCalls: [] });
      const from = caller.turns.length;
      replyText = '';
      replyWritten = new Promise((r) => (written = r));
      caller.say(await tts.synthesize(line));
      const heard = await caller.nextTurn('caller', from, HEAR_TIMEOUT_MS);
      if (!heard) throw new Error(`The agent did not hear the customer's line “${line}” (speech recognition found no words in it).`);
      await listen(from);
    }
    await Promise.all(transcribing);
  } finally {
    caller.hangUp();
  }
  return { transcript, calls, ...state, heard: true };
}
