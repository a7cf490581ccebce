import type { ConversationAnalysis } from '@switchboard/core';
import type { Tx } from '../../db.ts';
/**
 * The conversations module's port to the agent runtime (modules/agents/runtime.ts), which sits above
 * it: the shape this module uses, handed to createConversationsService by the composition root
 * (services.ts), so the inbox depends on the runtime's contract and never imports the agents module.
 */
export interface AgentTurn {
  role: 'user' | 'assistant';
  content: string;
}

export interface AgentRespondInput {
  accountId: number;
  copy?: 'staging' | 'default';
  history: AgentTurn[];
  message: string;
  channel: 'chat' | 'sms';
  conversation?: { roomId: string; from: string; to: string };
}

export interface AgentReply {
  text: string;
  functionCalls?: unknown[];
  usage?: unknown;
  provider?: string;
}

export interface AgentAnalysisInput {
  accountId: number;
  channel: 'chat' | 'sms' | 'voice';
  transcript: { role: 'customer' | 'agent'; text: string }[];
  actions: { name: string; ok: boolean; arguments: Record<string, unknown> }[];
  /** The job's last attempt: a model that fails is not waited for again (the recorded actions answer). */
  lastAttempt?: boolean;
}

export interface AgentResponder {
  respond(input: AgentRespondInput): Promise<AgentReply>;
  /**
   * The analysis of a finished conversation (the model's, or read from the recorded actions) and its
   * tokens. Throws when the model failed in a way a later attempt may not (down, 5xx, 429), unless `lastAttempt`.
   */
  analyze?(input: AgentAnalysisInput): Promise<{ analysis: ConversationAnalysis; tokens: number }>;
  /** Those tokens as model usage, once per key, inside the caller's transaction. */
  recordAnalysisUsage?(trx: Tx, accountId: number, tokens: number, key: string): Promise<void>;
}
