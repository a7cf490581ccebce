/** One turn's input and what is built from it: the agent's prompt, its functions as the model's tools, the functions' context. */
import { enabledFunctionList, type AppDefinition, type CampaignData } from '@switchboard/core';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../platform/http/errors.ts';
import type { LlmMessage, LlmProvider, LlmRequest, LlmTool } from '../../platform/providers/llm/index.ts';
import { findAccount, type AccountRow } from '../accounts/index.ts';
import { availableApps, builtinApp, type FunctionContext } from '../apps/index.ts';
import { contactNamesByAddress } from '../contacts/index.ts';
import { builtinVariables, effectiveText } from './prompt.ts';
import { campaignsRepository, type Copy } from './repository.ts';
import { VOICE_TOOLS, type VoiceControl } from './voiceTools.ts';

/** One turn's input: whose agent, the conversation so far and the new message, and where it takes place. */
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

/** Messages of history sent to the model. */
const HISTORY_LIMIT = 40;

/** Places a call for an agent account: `to`, and the key that makes a retried turn place one call. */
export type CallPlacer = (
  agentAccountId: number,
  to: string,
  idempotencyKey: string,
) => Promise<{ callId: string; status: string; error: string | null }>;

export interface Prepared {
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
 * Reads what a turn needs (the agent's account and configuration, the caller's contact name) and builds
 * the model request. `modelFor`: the model the account's agents use; `callPlacer`: how place_call dials.
 */
export function createTurnPreparer(deps: Deps, modelFor: (account: AccountRow) => Promise<LlmProvider>, callPlacer: CallPlacer | null) {
  const { db } = deps;

  return async function prepare(input: RespondInput, preloaded?: AccountRow): Promise<Prepared> {
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
  };
}
