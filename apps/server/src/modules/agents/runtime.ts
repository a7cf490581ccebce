import crypto from 'node:crypto';
import type { Deps } from '../../deps.ts';
import { createLlmProvider, LlmError, type LlmProvider, type LlmRequest, type LlmResult } from '../../platform/providers/llm/index.ts';
import type { AccountRow } from '../accounts/index.ts';
import { saveCallerContact } from '../contacts/index.ts';
import { chargeAfter } from '../billing/index.ts';
import { callFunction, type FunctionCallRecord } from './functionCalls.ts';
import { phoneOf, takeMessageTurn, type TakenMessage } from './messageTaker.ts';
import { createUsageRecorder } from './usage.ts';
import { createModelConnections } from './model.ts';
import { createAnalyzer } from './analysis.ts';
import { createTurnPreparer, type CallPlacer, type Prepared, type RespondInput } from './turnRequest.ts';

export interface RespondResult {
  text: string;
  functionCalls: FunctionCallRecord[];
  usage: { inputTokens: number; outputTokens: number };
  provider: string;
}

export type RuntimeEvent =
  { type: 'text'; delta: string } | { type: 'function_call'; call: FunctionCallRecord } | { type: 'done'; result: RespondResult };

/** Model turns per reply: each may call functions; the last one must answer. */
const MAX_ROUNDS = 4;

/**
 * The agent runtime: one turn of a conversation with an agent, used by chat, SMS, the editor's test
 * chat and voice. It loads the agent's configuration, builds the prompt (turnRequest.ts), lets the model
 * call the enabled functions (functionCalls.ts: running the apps), records token usage per account and
 * day, and replies.
 *
 * `placeCall`: how the place_call function dials (a port to the calls module, which sits above agents;
 * wired in services.ts). Without it the function is not offered.
 */
export function createAgentRuntime(deps: Deps, opts: { llm?: LlmProvider; placeCall?: CallPlacer } = {}) {
  const llm = opts.llm ?? createLlmProvider(deps.config);
  const { db } = deps;
  const callPlacer = opts.placeCall ?? null;
  // The organization's own model when it connected one (model.ts), else the environment's; a model given here (tests) always.
  const models = createModelConnections(deps, llm);
  const modelFor = async (account: AccountRow): Promise<LlmProvider> => (opts.llm ? llm : (await models.providerFor(account)).provider);

  const prepare = createTurnPreparer(deps, modelFor, callPlacer);

  const usage = createUsageRecorder(db);
  /** Tokens are counted, then charged by the plan's `tokens` item (after the fact: a model answer cannot be refused). */
  const recordUsage = async (accountId: number, tokens: number) => {
    await usage.add(accountId, tokens);
    if (tokens > 0)
      await chargeAfter(
        db,
        null,
        { accountId, item: 'tokens', quantity: tokens, key: `tokens:${accountId}:${crypto.randomUUID()}` },
        deps.log,
      );
  };

  function modelFailed(err: unknown): never {
    if (err instanceof LlmError) throw err.toProviderError();
    throw err;
  }

  /** The number the person calls or texts from (a chat's visitor has none until they give it). */
  const knownPhoneOf = (input: RespondInput) =>
    input.channel === 'voice' || input.channel === 'sms' ? phoneOf(input.conversation?.from) : null;

  /**
   * Without a model the agent takes messages (messageTaker.ts): one question at a time, then the
   * conversation goes to a person: the `message_taken` action (the inbox moves it to Priority and records
   * "Message taken") and the details on the person's contact. Nothing of the instructions is used.
   */
  async function takeMessage(p: Prepared, input: RespondInput, onCall?: (c: FunctionCallRecord) => void): Promise<RespondResult> {
    const knownPhone = knownPhoneOf(input);
    const t = takeMessageTurn({
      fields: p.campaign.messageFields,
      greeting: p.request.agent?.greeting ?? '',
      businessName: p.businessName,
      history: input.history,
      message: input.message,
      knownPhone,
    });
    const functionCalls: FunctionCallRecord[] = [];
    if (t.handOff) {
      const args: Record<string, string> = {};
      for (const k of ['name', 'phone', 'email', 'reason'] as (keyof TakenMessage)[]) if (t.taken[k]) args[k] = t.taken[k]!;
      let contactId: number | null = null;
      // The editor's test chat takes no real message: nothing is saved from it.
      if (input.channel !== 'test' && !input.simulateFunctions && (t.taken.phone || t.taken.email)) {
        try {
          const saved = await saveCallerContact(
            db,
            p.account.organization_id ?? p.account.id,
            { phone: t.taken.phone ?? null, email: t.taken.email ?? null },
            { name: t.taken.name, email: t.taken.email, note: t.taken.reason ? `Message: ${t.taken.reason}` : undefined },
          );
          contactId = saved?.id ?? null;
        } catch (err) {
          deps.log.error({ err, accountId: p.account.id }, 'saving the contact of a message failed');
        }
      }
      const rec: FunctionCallRecord = {
        name: 'message_taken',
        appId: 'messages',
        arguments: args,
        result: { ok: true, contactId, summary: 'Message taken' },
        ok: true,
      };
      functionCalls.push(rec);
      onCall?.(rec);
    }
    return { text: t.text, functionCalls, usage: { inputTokens: 0, outputTokens: 0 }, provider: p.llm.name };
  }

  /** Runs the model/function loop; `turn` is one model call (plain or streamed). */
  async function run(
    input: RespondInput,
    turn: (llm: LlmProvider, req: LlmRequest) => Promise<LlmResult>,
    onCall?: (c: FunctionCallRecord) => void,
    preloaded?: AccountRow,
    onText?: (delta: string) => void,
  ): Promise<RespondResult> {
    const p = await prepare(input, preloaded);
    if (p.llm.name === 'none') {
      const r = await takeMessage(p, input, onCall);
      onText?.(r.text);
      return r;
    }
    const usage = { inputTokens: 0, outputTokens: 0 };
    const functionCalls: FunctionCallRecord[] = [];
    const messages = [...p.request.messages];
    let text = '';
    try {
      for (let round = 0; round < MAX_ROUNDS; round++) {
        const last = round === MAX_ROUNDS - 1;
        const result = await turn(p.llm, { ...p.request, messages, tools: last ? [] : p.request.tools });
        usage.inputTokens += result.usage.inputTokens;
        usage.outputTokens += result.usage.outputTokens;
        text = result.text;
        if (result.toolCalls.length === 0) break;
        messages.push({ role: 'assistant', content: result.text, toolCalls: result.toolCalls });
        for (const call of result.toolCalls) {
          const rec = await callFunction(deps, p, call, functionCalls.length, input.voice);
          functionCalls.push(rec);
          onCall?.(rec);
          messages.push({ role: 'tool', toolCallId: call.id, name: call.name, content: JSON.stringify(rec.result) });
        }
      }
    } catch (err) {
      await recordUsage(p.account.id, usage.inputTokens + usage.outputTokens);
      modelFailed(err);
    }
    await recordUsage(p.account.id, usage.inputTokens + usage.outputTokens);
    return { text: text.trim(), functionCalls, usage, provider: p.llm.name };
  }

  const analyzer = createAnalyzer(deps, modelFor);

  return {
    /** The environment's model (the default of organizations without their own). */
    provider: llm,
    /** The analysis after a conversation closes or a call ends (analysis.ts). */
    analyze: analyzer.analyze,
    /** Its tokens as model usage, once per key, in the caller's transaction. */
    recordAnalysisUsage: analyzer.recordUsage,
    /** Organizations' own model connections. */
    models,
    /** The model an account's agents use now. */
    modelFor,

    /** The greeting the agent opens a conversation with (a voice call speaks it first); `from`: the caller's number. */
    async greeting(accountId: number, copy?: 'default' | 'staging', from?: string): Promise<string> {
      const input: RespondInput = {
        accountId,
        copy,
        history: [],
        message: '',
        channel: 'voice',
        conversation: from ? { from } : undefined,
      };
      const p = await prepare(input);
      // Without a model the opening says a person will get back to them and asks the first question.
      if (p.llm.name === 'none') return (await takeMessage(p, input)).text;
      return p.request.agent?.greeting ?? '';
    },

    /** One turn: the agent's reply and the functions it called. `account` may pass the agent's row already read. */
    respond: (input: RespondInput, account?: AccountRow): Promise<RespondResult> =>
      run(input, (model, req) => model.complete(req), undefined, account),

    /** The same turn as events: text as the model writes it, each function call as it finishes, then the result. */
    async *stream(input: RespondInput): AsyncIterable<RuntimeEvent> {
      const queue: RuntimeEvent[] = [];
      let wake: (() => void) | undefined;
      const push = (e: RuntimeEvent) => {
        queue.push(e);
        wake?.();
      };
      let failed: unknown;
      let finished = false;
      const done = run(
        input,
        async (model, req) => {
          let result: LlmResult | undefined;
          for await (const ev of model.stream(req)) {
            if (ev.type === 'text') push({ type: 'text', delta: ev.delta });
            else if (ev.type === 'done') result = ev.result;
          }
          if (!result) throw new LlmError(model.name, 'The model stream ended without a result.');
          return result;
        },
        (call) => push({ type: 'function_call', call }),
        undefined,
        (delta) => push({ type: 'text', delta }),
      ).then(
        (result) => {
          push({ type: 'done', result });
          finished = true;
          wake?.();
        },
        (err) => {
          failed = err;
          finished = true;
          wake?.();
        },
      );
      while (true) {
        if (queue.length) {
          yield queue.shift()!;
          continue;
        }
        if (finished) break;
        await new Promise<void>((r) => (wake = r));
        wake = undefined;
      }
      await done;
      if (failed) throw failed;
    },
  };
}

export type AgentRuntime = ReturnType<typeof createAgentRuntime>;
