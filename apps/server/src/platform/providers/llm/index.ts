import { ProviderError } from '../failures.ts';
import type { Config } from '../../../config.ts';
import { AnthropicProvider } from './anthropic.ts';
import { OfflineResponder } from './offline.ts';
import { OpenAiCompatibleProvider } from './openai.ts';

/**
 * Language models (DESIGN.md §6): an OpenAI-compatible API (OpenAI, Ollama, vLLM) when LLM_BASE_URL or
 * LLM_API_KEY is set, Anthropic when ANTHROPIC_API_KEY is; otherwise none (`NoModel`: the agent runtime
 * takes messages). LLM_STAND_IN=keywords puts the deterministic keyword responder in its place (tests).
 */
export interface LlmTool {
  name: string;
  description: string;
  /** JSON schema of the arguments. */
  parameters: Record<string, unknown>;
  /** Words that make the offline responder call this tool. Real models ignore them. */
  keywords?: string[];
}

export interface LlmToolCall {
  id: string;
  name: string;
  arguments: Record<string, unknown>;
}

export type LlmMessage =
  | { role: 'user'; content: string }
  | { role: 'assistant'; content: string; toolCalls?: LlmToolCall[] }
  | { role: 'tool'; toolCallId: string; name: string; content: string };

export interface LlmUsage {
  inputTokens: number;
  outputTokens: number;
}

export interface LlmRequest {
  system: string;
  messages: LlmMessage[];
  tools: LlmTool[];
  maxTokens?: number;
  /** Ask for one JSON object as the answer (OpenAI-compatible: response_format json_object; others: by the prompt). */
  json?: boolean;
  signal?: AbortSignal;
  /** The agent in plain parts, for the offline responder (real models read `system`). */
  agent?: { instructions: string; greeting: string; name: string };
}

export interface LlmResult {
  text: string;
  toolCalls: LlmToolCall[];
  usage: LlmUsage;
}

export type LlmStreamEvent =
  { type: 'text'; delta: string } | { type: 'tool_call'; call: LlmToolCall } | { type: 'done'; result: LlmResult };

export interface LlmProvider {
  /** 'offline', 'openai-compatible' or 'anthropic'. */
  readonly name: string;
  readonly model: string;
  complete(req: LlmRequest): Promise<LlmResult>;
  /** Text as it arrives, then the tool calls, then the whole result. */
  stream(req: LlmRequest): AsyncIterable<LlmStreamEvent>;
}

/** A provider that failed: bad status, timeout, unreadable answer. */
export class LlmError extends Error {
  constructor(
    readonly provider: string,
    message: string,
    readonly status?: number,
    readonly timedOut = false,
  ) {
    super(message);
  }

  /** The API's answer for it: a refusal (4xx other than 429) is a 502, anything else a 503 with Retry-After. */
  toProviderError(): ProviderError {
    const refused = this.status != null && this.status >= 400 && this.status < 500 && this.status !== 429;
    return new ProviderError(
      this.provider,
      refused ? `The language model refused the request: ${this.message}` : `The language model did not answer: ${this.message}`,
      !refused,
      { upstreamStatus: this.status },
    );
  }
}

export function createLlmProvider(config: Config): LlmProvider {
  if (config.LLM_BASE_URL || config.LLM_API_KEY) {
    return new OpenAiCompatibleProvider({
      baseUrl: config.LLM_BASE_URL ?? 'https://api.openai.com/v1',
      apiKey: config.LLM_API_KEY,
      model: config.LLM_MODEL,
      timeoutMs: config.LLM_TIMEOUT_MS,
    });
  }
  if (config.ANTHROPIC_API_KEY) {
    return new AnthropicProvider({
      apiKey: config.ANTHROPIC_API_KEY,
      model: config.ANTHROPIC_MODEL,
      baseUrl: config.ANTHROPIC_BASE_URL,
      timeoutMs: config.LLM_TIMEOUT_MS,
    });
  }
  return config.LLM_STAND_IN === 'keywords' ? new OfflineResponder() : new NoModel();
}

/** No language model is configured: the agent runtime takes messages instead of asking one. */
export class NoModel implements LlmProvider {
  readonly name = 'none';
  readonly model = 'none';
  async complete(): Promise<LlmResult> {
    throw new LlmError('none', 'No language model is configured.');
  }
  // eslint-disable-next-line require-yield
  async *stream(): AsyncIterable<LlmStreamEvent> {
    throw new LlmError('none', 'No language model is configured.');
  }
}

/** Whether a provider is a real model (not the message taker's absence of one nor the keyword stand-in). */
export const isModel = (p: LlmProvider) => p.name !== 'none' && p.name !== 'offline';

/** Rough token count for providers that do not report one (about four characters a token). */
export function estimateTokens(text: string): number {
  return text ? Math.ceil(text.length / 4) : 0;
}

/** A timeout joined with the caller's signal. */
export function timeoutSignal(ms: number, outer?: AbortSignal): AbortSignal {
  const t = AbortSignal.timeout(ms);
  return outer ? AbortSignal.any([t, outer]) : t;
}

/** Reads a server-sent-events body as its `data:` payloads. */
export async function* sseData(body: ReadableStream<Uint8Array>): AsyncIterable<{ event?: string; data: string }> {
  const decoder = new TextDecoder();
  let buf = '';
  let event: string | undefined;
  let data: string[] = [];
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    buf += decoder.decode(chunk, { stream: true });
    let nl: number;
    while ((nl = buf.indexOf('\n')) >= 0) {
      const line = buf.slice(0, nl).replace(/\r$/, '');
      buf = buf.slice(nl + 1);
      if (line === '') {
        if (data.length) yield { event, data: data.join('\n') };
        event = undefined;
        data = [];
      } else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
      else if (line.startsWith('event:')) event = line.slice(6).trim();
    }
  }
  if (data.length) yield { event, data: data.join('\n') };
}

export function parseArguments(raw: unknown): Record<string, unknown> {
  if (raw && typeof raw === 'object' && !Array.isArray(raw)) return raw as Record<string, unknown>;
  if (typeof raw !== 'string' || !raw.trim()) return {};
  try {
    const v = JSON.parse(raw);
    return v && typeof v === 'object' && !Array.isArray(v) ? v : { value: v };
  } catch {
    return { raw };
  }
}
