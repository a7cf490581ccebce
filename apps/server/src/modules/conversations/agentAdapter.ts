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

export interface AgentResponder {
  respond(input: AgentRespondInput): Promise<AgentReply>;
}
