import {
  estimateTokens,
  LlmError,
  parseArguments,
  sseData,
  timeoutSignal,
  type LlmMessage,
  type LlmProvider,
  type LlmRequest,
  type LlmResult,
  type LlmStreamEvent,
  type LlmToolCall,
} from './index.ts';

export interface OpenAiOptions {
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs: number;
  /** How requests are sent; a base URL an organization gave goes through the outbound policy's fetch. */
  fetch?: ModelFetch;
}

/** The fetch a model provider sends with (the global one by default). */
export type ModelFetch = (url: string, init: RequestInit) => Promise<Response>;

interface ChatToolCall {
  id?: string;
  index?: number;
  type?: string;
  function?: { name?: string; arguments?: string };
}

/** Any OpenAI-compatible chat completions API: OpenAI, Ollama (/v1), vLLM, LM Studio. */
export class OpenAiCompatibleProvider implements LlmProvider {
  readonly name = 'openai-compatible';
  readonly model: string;
  private readonly url: string;

  constructor(private readonly opts: OpenAiOptions) {
    this.model = opts.model;
    this.url = `${opts.baseUrl.replace(/\/$/, '')}/chat/completions`;
  }

  private body(req: LlmRequest, stream: boolean) {
    return {
      model: this.model,
      messages: [{ role: 'system', content: req.system }, ...req.messages.map(toChatMessage)],
      ...(req.tools.length
        ? {
            tools: req.tools.map((t) => ({
              type: 'function',
              function: { name: t.name, description: t.description, parameters: t.parameters },
            })),
          }
        : {}),
      ...(req.maxTokens ? { max_tokens: req.maxTokens } : {}),
      ...(req.json ? { response_format: { type: 'json_object' } } : {}),
      stream,
      ...(stream ? { stream_options: { include_usage: true } } : {}),
    };
  }

  private async post(req: LlmRequest, stream: boolean): Promise<Response> {
    return postToModel(
      this.name,
      this.url,
      this.opts.apiKey ? { authorization: `Bearer ${this.opts.apiKey}` } : {},
      this.body(req, stream),
      timeoutSignal(this.opts.timeoutMs, req.signal),
      this.opts.timeoutMs,
      this.opts.fetch,
    );
  }

  async complete(req: LlmRequest): Promise<LlmResult> {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the vendor's JSON, read defensively field by field
    const json: any = await readModelJson(this.name, await this.post(req, false), this.opts.timeoutMs);
    const msg = json?.choices?.[0]?.message;
    if (!msg) throw new LlmError(this.name, 'The model API answered without a message.');
    const text = typeof msg.content === 'string' ? msg.content : '';
    const toolCalls: LlmToolCall[] = (msg.tool_calls ?? []).map((c: ChatToolCall, i: number) => ({
      id: c.id ?? `call_${i}`,
      name: c.function?.name ?? '',
      arguments: parseArguments(c.function?.arguments),
    }));
    return {
      text,
      toolCalls,
      usage: {
        inputTokens: json.usage?.prompt_tokens ?? estimateTokens(req.system + JSON.stringify(req.messages)),
        outputTokens: json.usage?.completion_tokens ?? estimateTokens(text),
      },
    };
  }

  async *stream(req: LlmRequest): AsyncIterable<LlmStreamEvent> {
    const res = await this.post(req, true);
    if (!res.body) throw new LlmError(this.name, 'The model API answered without a body.');
    let text = '';
    const calls = new Map<number, { id: string; name: string; args: string }>();
    let usage: { prompt_tokens?: number; completion_tokens?: number } | undefined;
    try {
      for await (const { data } of sseData(res.body)) {
        if (data === '[DONE]') break;
        // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the vendor's JSON, read defensively field by field
        let chunk: any;
        try {
          chunk = JSON.parse(data);
        } catch {
          continue;
        }
        if (chunk.usage) usage = chunk.usage;
        const delta = chunk.choices?.[0]?.delta;
        if (!delta) continue;
        if (typeof delta.content === 'string' && delta.content) {
          text += delta.content;
          yield { type: 'text', delta: delta.content };
        }
        for (const c of (delta.tool_calls ?? []) as ChatToolCall[]) {
          const i = c.index ?? 0;
          const cur = calls.get(i) ?? { id: '', name: '', args: '' };
          if (c.id) cur.id = c.id;
          if (c.function?.name) cur.name += c.function.name;
          if (c.function?.arguments) cur.args += c.function.arguments;
          calls.set(i, cur);
        }
      }
    } catch (err) {
      throw asLlmError(this.name, err, this.opts.timeoutMs);
    }
    const toolCalls = [...calls.entries()]
      .sort(([a], [b]) => a - b)
      .map(([i, c]) => ({ id: c.id || `call_${i}`, name: c.name, arguments: parseArguments(c.args) }));
    for (const call of toolCalls) yield { type: 'tool_call', call };
    yield {
      type: 'done',
      result: {
        text,
        toolCalls,
        usage: {
          inputTokens: usage?.prompt_tokens ?? estimateTokens(req.system + JSON.stringify(req.messages)),
          outputTokens: usage?.completion_tokens ?? estimateTokens(text),
        },
      },
    };
  }
}

function toChatMessage(m: LlmMessage) {
  if (m.role === 'tool') return { role: 'tool', tool_call_id: m.toolCallId, content: m.content };
  if (m.role === 'assistant' && m.toolCalls?.length) {
    return {
      role: 'assistant',
      content: m.content || null,
      tool_calls: m.toolCalls.map((c) => ({
        id: c.id,
        type: 'function',
        function: { name: c.name, arguments: JSON.stringify(c.arguments) },
      })),
    };
  }
  return { role: m.role, content: m.content };
}

/** POSTs JSON to a model API; a network failure, timeout or non-2xx answer becomes an LlmError that says why. */
export async function postToModel(
  provider: string,
  url: string,
  headers: Record<string, string>,
  body: unknown,
  signal: AbortSignal,
  timeoutMs: number,
  send: ModelFetch = fetch,
): Promise<Response> {
  let res: Response;
  try {
    res = await send(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
      signal,
    });
  } catch (err) {
    throw asLlmError(provider, err, timeoutMs);
  }
  if (!res.ok) {
    const text = await res.text().catch(() => '');
    let message = text.slice(0, 300);
    try {
      message = JSON.parse(text)?.error?.message ?? message;
    } catch {
      /* not JSON */
    }
    throw new LlmError(provider, `The model API answered ${res.status}: ${message}`, res.status);
  }
  return res;
}

/** Reads a model API's JSON answer; a body cut off by the timeout is an LlmError too. */
export async function readModelJson(provider: string, res: Response, timeoutMs: number): Promise<unknown> {
  try {
    return await res.json();
  } catch (err) {
    throw asLlmError(provider, err, timeoutMs);
  }
}

export function asLlmError(provider: string, err: unknown, timeoutMs: number): LlmError {
  if (err instanceof LlmError) return err;
  const e = err as Error & { name?: string; cause?: { code?: string } };
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') {
    return new LlmError(provider, `The model API did not answer within ${timeoutMs} ms.`, undefined, true);
  }
  return new LlmError(provider, `The model API could not be reached: ${e?.cause?.code ?? e?.message ?? String(err)}`);
}
