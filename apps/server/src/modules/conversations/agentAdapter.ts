/**
 * The conversations domain's view of the agent runtime (apps/server/src/domains/agents/runtime.ts):
 * `services.agentRuntime.respond(...)`. Kept to the shape this domain uses, so the inbox depends on the
 * runtime's contract and not its internals.
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

/** Finds the runtime on the services object when it is there; null otherwise. */
export function runtimeFrom(services: object): AgentResponder | null {
  const rt = (services as { agentRuntime?: Partial<AgentResponder> }).agentRuntime;
  return rt && typeof rt.respond === 'function' ? (rt as AgentResponder) : null;
}
