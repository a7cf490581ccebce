import type { Expectation, ExpectationResult, ScenarioResult, TestStatus, TranscriptTurn } from '@switchboard/core';
import type { LlmProvider } from '../../platform/providers/llm/index.ts';
import type { AccountRow } from '../accounts/index.ts';
import type { AgentRuntime, FunctionCallRecord, VoiceControl } from '../agents/index.ts';
import type { ScenarioSpec } from './repository.ts';

/** What the simulated customer answers when it has nothing more to say. */
export const CUSTOMER_DONE = '[END]';

export interface Conversation {
  transcript: TranscriptTurn[];
  calls: FunctionCallRecord[];
  endedByAgent: boolean;
  transferred: boolean;
  /** The agent's turns are what speech recognition heard of its audio: phrases match loosely. */
  heard?: boolean;
}

export interface ScenarioOutcome {
  status: TestStatus;
  transcript: TranscriptTurn[];
  expectations: ExpectationResult[];
  failure: ScenarioResult['failure'];
}

const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\s+/g, ' ')
    .trim();
/** For heard speech: words only (recognisers write no punctuation). */
const words = (s: string) =>
  norm(s)
    .replace(/[^\p{L}\p{N}' ]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const excerpt = (s: string, n = 160) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** A test call's controls: nothing is dialled or hung up; a transfer or an end is recorded in `state`. */
export function simulatedCallControl(state: { endedByAgent: boolean; transferred: boolean }): VoiceControl {
  return {
    transfer: async (a) => {
      state.transferred = true;
      return { ok: true, simulated: true, destination: a.destination };
    },
    end: async () => {
      state.endedByAgent = true;
      return { ok: true, simulated: true };
    },
    sendDtmf: async (digits) => ({ ok: true, simulated: true, digits }),
  };
}

/**
 * Plays one scenario against the agent: the customer's opening message and scripted turns in order,
 * then (with a model) the model in the persona until its goal is met, the agent hands over or ends the
 * conversation, or the turns run out. Functions are simulated (nothing is booked, sent or dialled).
 */
export async function playScenario(
  runtime: AgentRuntime,
  account: AccountRow,
  copy: 'staging' | 'default',
  spec: ScenarioSpec,
  customer: LlmProvider | null,
): Promise<Conversation> {
  const transcript: TranscriptTurn[] = [];
  const calls: FunctionCallRecord[] = [];
  const history: { role: 'user' | 'assistant'; content: string }[] = [];
  const state = { endedByAgent: false, transferred: false };
  const voice = spec.channel === 'voice' ? simulatedCallControl(state) : undefined;

  if (spec.channel === 'voice') {
    // A call opens with the agent's greeting, as the phone line does.
    const greeting = await runtime.greeting(account.id, copy);
    if (greeting) {
      transcript.push({ role: 'agent', text: greeting, functionCalls: [] });
      history.push({ role: 'assistant', content: greeting });
    }
  }

  const script = [spec.openingMessage, ...spec.turns].filter((t) => t.trim());
  for (let turn = 0; turn < spec.maxTurns; turn++) {
    let message: string | null = script[turn] ?? null;
    if (message == null && customer) message = await customerLine(customer, spec, transcript);
    if (message == null || message.trim() === '' || message.includes(CUSTOMER_DONE)) break;
    transcript.push({ role: 'customer', text: message, functionCalls: [] });
    const r = await runtime.respond(
      {
        accountId: account.id,
        copy,
        history,
        message,
        // The chat path is the editor's test chat; a voice scenario speaks as a call does (short replies, call functions).
        channel: spec.channel === 'voice' ? 'voice' : 'test',
        simulateFunctions: true,
        ...(voice ? { voice } : {}),
      },
      account,
    );
    calls.push(...r.functionCalls);
    transcript.push({
      role: 'agent',
      text: r.text,
      functionCalls: r.functionCalls.map((c) => ({ name: c.name, arguments: c.arguments, ok: c.ok })),
    });
    history.push({ role: 'user', content: message }, { role: 'assistant', content: r.text });
    if (r.functionCalls.some((c) => c.name === 'transfer_call' && c.ok)) state.transferred = true;
    if (state.endedByAgent || state.transferred) break;
  }
  return { transcript, calls, ...state };
}

/** The simulated customer's next line, written by the model in the scenario's persona. */
export async function customerLine(model: LlmProvider, spec: ScenarioSpec, transcript: TranscriptTurn[]): Promise<string | null> {
  const system = [
    `You are role-playing a customer who contacts a business by ${spec.channel === 'voice' ? 'phone' : 'chat'}, to test the business's AI agent.`,
    `Persona: ${spec.persona || 'an ordinary customer'}.`,
    `Your goal: ${spec.goal || 'get help with your request'}.`,
    'Write only your next message as the customer: one or two sentences, no narration.',
    `When your goal is met, or the agent has ended the conversation, answer exactly ${CUSTOMER_DONE}.`,
  ].join('\n');
  const messages = [
    { role: 'user' as const, content: '(The conversation begins.)' },
    ...transcript.map((t) => ({ role: t.role === 'agent' ? ('user' as const) : ('assistant' as const), content: t.text })),
  ];
  // Roles must alternate for some providers: merge neighbours of the same role.
  const merged: { role: 'user' | 'assistant'; content: string }[] = [];
  for (const m of messages) {
    const last = merged.at(-1);
    if (last && last.role === m.role) last.content += `\n${m.content}`;
    else merged.push({ ...m });
  }
  if (merged.at(-1)?.role === 'assistant') merged.push({ role: 'user', content: '(The agent is waiting for your reply.)' });
  const r = await model.complete({ system, messages: merged, tools: [], maxTokens: 200 });
  const text = r.text.trim();
  return text || null;
}

/** Checks every expectation on the conversation; a rubric asks the judge model. */
export async function judge(
  spec: ScenarioSpec,
  c: Conversation,
  judgeModel: LlmProvider | null,
): Promise<{ expectations: ExpectationResult[]; failure: ScenarioResult['failure']; status: TestStatus }> {
  const results: ExpectationResult[] = [];
  for (const [index, e] of spec.expectations.entries()) {
    const r = await check(e, c, judgeModel);
    results.push({ index, kind: e.kind, ...r });
  }
  const first = results.find((r) => !r.passed);
  return {
    expectations: results,
    failure: first ? { index: first.index, kind: first.kind, reason: first.reason } : null,
    status: first ? 'failed' : 'passed',
  };
}

async function check(e: Expectation, c: Conversation, model: LlmProvider | null): Promise<{ passed: boolean; reason: string }> {
  const agentTurns = c.transcript.map((t, i) => ({ ...t, n: i + 1 })).filter((t) => t.role === 'agent');
  switch (e.kind) {
    case 'said':
    case 'notSaid': {
      // Heard speech matches whole words (“no” is not in “know”).
      const match = c.heard ? (x: string) => ` ${words(x)} ` : norm;
      const hit = agentTurns.find((t) => match(t.text).includes(match(e.phrase)));
      if (e.kind === 'said')
        return hit
          ? { passed: true, reason: `Said in turn ${hit.n}: “${excerpt(hit.text)}”` }
          : { passed: false, reason: `The agent never said “${e.phrase}”.` };
      return hit
        ? { passed: false, reason: `The agent said “${e.phrase}” in turn ${hit.n}: “${excerpt(hit.text)}”` }
        : { passed: true, reason: `The agent never said “${e.phrase}”.` };
    }
    case 'functionCalled': {
      const named = c.calls.filter((x) => x.name === e.name);
      if (!named.length) {
        const others = [...new Set(c.calls.map((x) => x.name))];
        return {
          passed: false,
          reason: `The agent did not call ${e.name}${others.length ? ` (it called ${others.join(', ')})` : ' (it called no function)'}.`,
        };
      }
      const wanted = Object.entries(e.arguments);
      const fits = (x: FunctionCallRecord) =>
        wanted.every(([k, v]) => norm(String(x.arguments[k] ?? '')).includes(norm(v)) && x.arguments[k] != null);
      const good = named.find(fits);
      if (good) return { passed: true, reason: `Called ${e.name}(${JSON.stringify(good.arguments)}).` };
      const [k, v] = wanted.find(([key, val]) => !norm(String(named[0]!.arguments[key] ?? '')).includes(norm(val)))!;
      const actual = named[0]!.arguments[k];
      return {
        passed: false,
        reason: `${e.name} was called, but its argument ${k} was ${actual == null ? 'not given' : `“${String(actual)}”`}; expected it to contain “${v}”.`,
      };
    }
    case 'booked': {
      const b = c.calls.find((x) => x.name === 'book_appointment');
      if (b?.ok) return { passed: true, reason: `Booked (${JSON.stringify(b.arguments)}).` };
      return { passed: false, reason: b ? 'The booking failed.' : 'The agent made no booking.' };
    }
    case 'transferred':
      return c.transferred
        ? { passed: true, reason: 'The conversation was handed to a person.' }
        : { passed: false, reason: 'The agent did not transfer the conversation.' };
    case 'endedByAgent':
      return c.endedByAgent
        ? { passed: true, reason: 'The agent ended the conversation.' }
        : { passed: false, reason: 'The agent did not end the conversation.' };
    case 'rubric':
      return grade(e.rubric, c, model);
  }
}

async function grade(rubric: string, c: Conversation, model: LlmProvider | null): Promise<{ passed: boolean; reason: string }> {
  if (!model) return { passed: false, reason: 'A rubric needs a language model to grade it; none is connected.' };
  const conversation = c.transcript.map((t) => `${t.role === 'agent' ? 'Agent' : 'Customer'}: ${t.text}`).join('\n');
  const r = await model.complete({
    system:
      'You grade a conversation between a business’s AI agent and a customer against a rubric. Answer with JSON only: {"pass": true or false, "reason": "one sentence"}.',
    messages: [{ role: 'user', content: `Rubric: ${rubric}\n\nConversation:\n${conversation}` }],
    tools: [],
    maxTokens: 200,
  });
  const pass = /"pass"\s*:\s*(true|false)/i.exec(r.text)?.[1];
  const reason = /"reason"\s*:\s*"((?:[^"\\]|\\.)*)"/.exec(r.text)?.[1]?.replace(/\\"/g, '"') ?? r.text.trim().slice(0, 300);
  if (pass == null) return { passed: false, reason: `The judge's answer could not be read: ${excerpt(r.text.trim())}` };
  return { passed: pass.toLowerCase() === 'true', reason: `Judge: ${reason}` };
}
