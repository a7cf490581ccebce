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
import { asLlmError, postToModel, readModelJson, type ModelFetch } from './openai.ts';

export interface AnthropicOptions {
  apiKey: string;
  model: string;
  baseUrl?: string;
  timeoutMs: number;
  /** How requests are sent; a base URL an organization gave goes through the outbound policy's fetch. */
  fetch?: ModelFetch;
}

const DEFAULT_MAX_TOKENS = 1024;

/** Anthropic's Messages API with tool use. */
export class AnthropicProvider implements LlmProvider {
  readonly name = 'anthropic';
  readonly model: string;
  private readonly url: string;

  constructor(private readonly opts: AnthropicOptions) {
    this.model = opts.model;
    this.url = `${(opts.baseUrl ?? 'https://api.anthropic.com').replace(/\/$/, '')}/v1/messages`;
  }

  private async post(req: LlmRequest, stream: boolean): Promise<Response> {
    const body = {
      model: this.model,
      max_tokens: req.maxTokens ?? DEFAULT_MAX_TOKENS,
      system: req.system,
      messages: toAnthropicMessages(req.messages),
      ...(req.tools.length
        ? { tools: req.tools.map((t) => ({ name: t.name, description: t.description, input_schema: t.parameters })) }
        : {}),
      stream,
    };
    return postToModel(
      this.name,
      this.url,
      { 'x-api-key': this.opts.apiKey, 'anthropic-version': '2023-06-01' },
      body,
      timeoutSignal(this.opts.timeoutMs, req.signal),
      this.opts.timeoutMs,
      this.opts.fetch,
    );
  }

  async complete(req: LlmRequest): Promise<LlmResult> {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the vendor's JSON, read defensively field by field
    const json: any = await readModelJson(this.name, await this.post(req, false), this.opts.timeoutMs);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the vendor's JSON, read defensively field by field
    const blocks: any[] = Array.isArray(json?.content) ? json.content : [];
    const text = blocks
      .filter((b) => b.type === 'text')
      .map((b) => b.text)
      .join('');
    const toolCalls: LlmToolCall[] = blocks
      .filter((b) => b.type === 'tool_use')
      .map((b) => ({ id: b.id, name: b.name, arguments: parseArguments(b.input) }));
    return {
      text,
      toolCalls,
      usage: {
        inputTokens: json?.usage?.input_tokens ?? estimateTokens(req.system),
        outputTokens: json?.usage?.output_tokens ?? estimateTokens(text),
      },
    };
  }

  async *stream(req: LlmRequest): AsyncIterable<LlmStreamEvent> {
    const res = await this.post(req, true);
    if (!res.body) throw new LlmError(this.name, 'The model API answered without a body.');
    let text = '';
    const blocks = new Map<number, { id: string; name: string; json: string }>();
    const usage = { inputTokens: 0, outputTokens: 0 };
    try {
      for await (const { data } of sseData(res.body)) {
        // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the vendor's JSON, read defensively field by field
        let ev: any;
        try {
          ev = JSON.parse(data);
        } catch {
          continue;
        }
        if (ev.type === 'message_start') usage.inputTokens = ev.message?.usage?.input_tokens ?? 0;
        else if (ev.type === 'content_block_start' && ev.content_block?.type === 'tool_use') {
          blocks.set(ev.index, { id: ev.content_block.id, name: ev.content_block.name, json: '' });
        } else if (ev.type === 'content_block_delta') {
          if (ev.delta?.type === 'text_delta') {
            text += ev.delta.text;
            yield { type: 'text', delta: ev.delta.text };
          } else if (ev.delta?.type === 'input_json_delta') {
            const b = blocks.get(ev.index);
            if (b) b.json += ev.delta.partial_json ?? '';
          }
        } else if (ev.type === 'message_delta') usage.outputTokens = ev.usage?.output_tokens ?? usage.outputTokens;
        else if (ev.type === 'error') throw new LlmError(this.name, ev.error?.message ?? 'The model API failed mid-answer.');
      }
    } catch (err) {
      throw asLlmError(this.name, err, this.opts.timeoutMs);
    }
    const toolCalls = [...blocks.entries()]
      .sort(([a], [b]) => a - b)
      .map(([, b]) => ({ id: b.id, name: b.name, arguments: parseArguments(b.json) }));
    for (const call of toolCalls) yield { type: 'tool_call', call };
    yield { type: 'done', result: { text, toolCalls, usage } };
  }
}

/** Tool results go back as user turns of tool_result blocks; consecutive results share one turn. */
function toAnthropicMessages(messages: LlmMessage[]) {
  const out: { role: 'user' | 'assistant'; content: unknown }[] = [];
  for (const m of messages) {
    if (m.role === 'tool') {
      const block = { type: 'tool_result', tool_use_id: m.toolCallId, content: m.content };
      const prev = out[out.length - 1];
      if (prev?.role === 'user' && Array.isArray(prev.content)) (prev.content as unknown[]).push(block);
      else out.push({ role: 'user', content: [block] });
    } else if (m.role === 'assistant' && m.toolCalls?.length) {
      out.push({
        role: 'assistant',
        content: [
          ...(m.content ? [{ type: 'text', text: m.content }] : []),
          ...m.toolCalls.map((c) => ({ type: 'tool_use', id: c.id, name: c.name, input: c.arguments })),
        ],
      });
    } else out.push({ role: m.role, content: m.content });
  }
  return out;
}
