import crypto from 'node:crypto';
import { enabledFunctionList, type AppDefinition, type CampaignData } from '@switchboard/core';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../platform/http/errors.ts';
import {
  createLlmProvider,
  LlmError,
  type LlmMessage,
  type LlmProvider,
  type LlmRequest,
  type LlmResult,
  type LlmTool,
  type LlmToolCall,
} from '../../platform/providers/llm/index.ts';
import { findAccount, type AccountRow } from '../accounts/index.ts';
import { availableApps, builtinApp, resolveApp, runFunction, turnKey, type FunctionContext } from '../apps/index.ts';
import { builtinVariables, effectiveText } from './prompt.ts';
import { contactNamesByAddress, saveCallerContact } from '../contacts/index.ts';
import { phoneOf, takeMessageTurn, type TakenMessage } from './messageTaker.ts';
import { campaignsRepository, type Copy } from './repository.ts';
import { createUsageRecorder } from './usage.ts';
import { createModelConnections } from './model.ts';
import { createAnalyzer } from './analysis.ts';
import { chargeAfter } from '../billing/index.ts';

/**
 * The agent runtime: one turn of a conversation with an agent, used by chat, SMS, the editor's test
 * chat and (later) voice. It loads the agent's configuration, builds the prompt, lets the model call
 * the enabled functions (running the apps), records token usage per account and day, and replies.
 */
export interface RespondInput {
  accountId: number;
  copy?: 'default' | 'staging';
  history: { role: 'user' | 'assistant'; content: string }[];
  message: string;
  channel: 'chat' | 'sms' | 'voice' | 'test';
  conversation?: { roomId?: string; from?: string; to?: string };
  /** A live phone call's controls: the voice functions (transfer_call really transfers, end_call, send_dtmf). */
  voice?: VoiceControl;
  /**
   * A test run (modules/agenttests): functions are recorded with their arguments but not carried out (no
   * booking, message, call or webhook happens), and no contact is saved; each answers that it was done.
   */
  simulateFunctions?: boolean;
}

/** What a live call lets the agent do; each answers the model (a failure with a reason it can say). */
export interface VoiceControl {
  transfer(a: { destination: string | null; warm: boolean; brief: string | null }): Promise<Record<string, unknown>>;
  end(reason: string | null): Promise<Record<string, unknown>>;
  sendDtmf(digits: string): Promise<Record<string, unknown>>;
}

/** The functions every voice call has beside the agent's apps. */
const VOICE_TOOLS: LlmTool[] = [
  {
    name: 'transfer_call',
    description: 'Transfer the caller to a person (cold: connect them; warm: brief the person first)',
    parameters: {
      type: 'object',
      properties: {
        destination: { type: 'string', description: 'The phone number to transfer to' },
        mode: { type: 'string', enum: ['cold', 'warm'], description: 'warm: the person hears the brief before the caller joins' },
        brief: { type: 'string', description: 'For a warm transfer: a short note for the person about the caller' },
      },
      required: ['destination'],
    },
    keywords: ['transfer', 'real person', 'speak to someone', 'talk to someone', 'representative', 'operator'],
  },
  {
    name: 'end_call',
    description: 'Hang up once the conversation is over (say goodbye first)',
    parameters: { type: 'object', properties: { reason: { type: 'string', description: 'Why the call ends' } } },
    keywords: ['goodbye', 'hang up', 'end the call', "that's all"],
  },
  {
    name: 'send_dtmf',
    description: 'Press keys on the phone keypad (to navigate a phone menu)',
    parameters: {
      type: 'object',
      properties: { digits: { type: 'string', description: 'Keys to press: 0-9, * and #' } },
      required: ['digits'],
    },
    keywords: ['press', 'keypad', 'extension'],
  },
];

const strArg = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

export interface FunctionCallRecord {
  name: string;
  appId: string;
  arguments: Record<string, unknown>;
  result: unknown;
  ok: boolean;
}

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
/** Messages of history sent to the model. */
const HISTORY_LIMIT = 40;

/** Places a call for an agent account: `to`, and the key that makes a retried turn place one call. */
export type CallPlacer = (
  agentAccountId: number,
  to: string,
  idempotencyKey: string,
) => Promise<{ callId: string; status: string; error: string | null }>;

interface Prepared {
  account: AccountRow;
  llm: LlmProvider;
  campaign: CampaignData;
  businessName: string;
  request: LlmRequest;
  tools: Map<string, { app: AppDefinition; fn: string }>;
  fctx: Omit<FunctionContext, 'idempotencyKey'>;
  turn: number;
  simulate: boolean;
}

/**
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

  async function prepare(input: RespondInput, preloaded?: AccountRow): Promise<Prepared> {
    const account = preloaded?.id === input.accountId ? preloaded : await findAccount(db, input.accountId);
    if (!account || !['organization', 'agent'].includes(account.account_type)) throw notFound('Agent not found.');
    const copy: Copy = input.copy === 'staging' ? 'staging' : 'default';
    let stored = await campaignsRepository.get(db, account.id, copy);
    if (!stored) {
      await campaignsRepository.ensure(db, account.id);
      stored = (await campaignsRepository.get(db, account.id, copy))!;
    }
    const campaign = stored.data;
    const vars = await builtinVariables(db, account, campaign);
    const text = await effectiveText(db, account, campaign, true, vars);

    const tools = new Map<string, { app: AppDefinition; fn: string }>();
    const llmTools: LlmTool[] = [];
    const enabled = enabledFunctionList(campaign.apps, campaign.enabledFunctions);
    // Built-in apps describe their functions in code: their settings are read only when a function runs.
    // Other apps (the account's own, its MCP servers) are read once.
    const custom = enabled.some((e) => !builtinApp(e.app.appId, e.app.version)) ? await availableApps(db, account.id) : [];
    for (const { app: ref, name } of enabled) {
      const app = builtinApp(ref.appId, ref.version) ?? custom.find((a) => a.appId === ref.appId && a.appVersion === ref.version);
      const fn = app?.appData.functions.find((f) => f.name === name);
      if (!app || !fn) continue;
      const toolName = tools.has(fn.name) ? `${app.appId}__${fn.name}`.slice(0, 64) : fn.name;
      tools.set(toolName, { app, fn: fn.name });
      llmTools.push({ name: toolName, description: fn.description, parameters: fn.parameters, keywords: fn.keywords });
    }

    if (input.voice) for (const t of VOICE_TOOLS) if (!tools.has(t.name)) llmTools.push(t);

    // Agents know who is calling: the caller's saved name when their number (or address) is a contact.
    const from = input.conversation?.from;
    const knownAs = from ? (await contactNamesByAddress(db, account.organization_id ?? account.id, [from])).get(from) : undefined;
    const lines = [
      text.agentInstructions.trim(),
      '',
      `Business: ${vars.businessName}.`,
      text.greeting ? `Start a new conversation with this greeting: "${text.greeting}"` : '',
      campaign.actions.length
        ? `Actions you can take:\n${campaign.actions.map((a) => `- ${a.name}${a.description ? `: ${a.description}` : ''}`).join('\n')}`
        : '',
      `Today is ${vars.today} (${campaign.timezone}). Reply in the language ${campaign.language}.`,
      input.channel === 'voice' || input.channel === 'sms' ? 'Keep replies short: one or two sentences.' : '',
      input.conversation?.from
        ? `The person you are talking with is ${knownAs ? `${knownAs} (${input.conversation.from}), a saved contact` : input.conversation.from}.`
        : '',
    ].filter((l, i) => i < 2 || l);

    const history = input.history.slice(-HISTORY_LIMIT);
    return {
      account,
      llm: await modelFor(account),
      campaign,
      businessName: vars.businessName,
      tools,
      request: {
        system: lines.join('\n'),
        messages: [...history.map((m) => ({ role: m.role, content: m.content }) as LlmMessage), { role: 'user', content: input.message }],
        tools: llmTools,
        agent: { instructions: text.agentInstructions, greeting: text.greeting, name: vars.agentName },
      },
      fctx: {
        accountId: account.id,
        channel: input.channel,
        conversation: input.conversation,
        campaign,
        history,
        message: input.message,
        ...(callPlacer ? { placeCall: callPlacer.bind(null, account.id) } : {}),
      },
      turn: input.history.length,
      simulate: input.simulateFunctions === true,
    };
  }

  async function callOne(p: Prepared, call: LlmToolCall, index: number, voice?: VoiceControl): Promise<FunctionCallRecord> {
    if (voice && VOICE_TOOLS.some((t) => t.name === call.name) && !p.tools.has(call.name)) {
      const a = call.arguments;
      const result =
        call.name === 'end_call'
          ? await voice.end(strArg(a.reason))
          : call.name === 'send_dtmf'
            ? await voice.sendDtmf(String(a.digits ?? ''))
            : await voice.transfer({ destination: strArg(a.destination), warm: a.mode === 'warm', brief: strArg(a.brief) });
      return { name: call.name, appId: 'voice', arguments: call.arguments, result, ok: result.ok !== false };
    }
    const rec = await callApp(p, call, index);
    // On a live call, transfer_call connects the caller (the app has recorded the request and knows the number).
    if (voice && rec.name === 'transfer_call' && rec.ok) {
      const r = (rec.result ?? {}) as Record<string, unknown>;
      const a = call.arguments;
      const outcome = await voice.transfer({
        destination: strArg(r.destination),
        warm: a.mode === 'warm',
        brief: strArg(a.brief) ?? strArg(r.reason),
      });
      return {
        ...rec,
        result: {
          ...r,
          transfer: outcome,
          summary: outcome.ok ? r.summary : `The transfer did not go through: ${String(outcome.reason)}.`,
        },
        ok: outcome.ok !== false,
      };
    }
    return rec;
  }

  async function callApp(p: Prepared, call: LlmToolCall, index: number): Promise<FunctionCallRecord> {
    const target = p.tools.get(call.name);
    if (!target)
      return { name: call.name, appId: '', arguments: call.arguments, result: { ok: false, error: `no function ${call.name}` }, ok: false };
    if (p.simulate) {
      const result = { ok: true, simulated: true, summary: `Done: ${target.fn.replace(/_/g, ' ')} (a test run: nothing was carried out).` };
      return { name: target.fn, appId: target.app.appId, arguments: call.arguments, result, ok: true };
    }
    try {
      const app = target.app.builtIn
        ? ((await resolveApp(db, p.account.id, target.app.appId, target.app.appVersion)) ?? target.app)
        : target.app;
      const keyBase = turnKey(p.account.id, p.fctx.conversation?.roomId, p.turn, p.fctx.message);
      const out = await runFunction(
        deps,
        { ...p.fctx, idempotencyKey: `${keyBase}:${index}:${target.fn}` },
        app,
        target.fn,
        call.arguments,
      );
      return { name: target.fn, appId: target.app.appId, arguments: call.arguments, result: out.result, ok: out.ok };
    } catch (err) {
      deps.log.error({ err, fn: target.fn, accountId: p.account.id }, 'agent function failed');
      return {
        name: target.fn,
        appId: target.app.appId,
        arguments: call.arguments,
        result: { ok: false, error: 'the function failed' },
        ok: false,
      };
    }
  }

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
          const rec = await callOne(p, call, functionCalls.length, input.voice);
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
