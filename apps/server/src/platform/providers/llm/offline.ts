import {
  estimateTokens,
  type LlmProvider,
  type LlmRequest,
  type LlmResult,
  type LlmStreamEvent,
  type LlmTool,
  type LlmToolCall,
} from './index.ts';

/**
 * The offline responder (DESIGN.md §6): no model, fully deterministic. It greets, answers questions
 * with the sentence of the agent's instructions that matches best, calls a function when the message
 * names it (its keywords: "book", "transfer", "message", ...), reports the function's result, and says
 * plainly that no language model is configured.
 */
export const OFFLINE_NOTICE = 'No language model is configured, so this is the offline responder answering from the agent’s instructions.';

const GREETING = /^\s*(hi|hello|hey|hiya|howdy|good\s+(morning|afternoon|evening|day)|greetings|yo)\b/i;
const STOPWORDS = new Set(
  'the a an and or but if of to in on at for from with by about as is are was were be been being do does did have has had you your yours we our ours i me my mine it its this that these those what which who whom whose when where why how can could would should will shall may might must please tell know want need like just any some there their them they then than also not no yes ok okay hello hi hey thanks thank'.split(
    ' ',
  ),
);

const PHONE = /\+?\d[\d\s().-]{6,}\d/;
const EMAIL = /[^\s@<>()]+@[^\s@<>()]+\.[a-z]{2,}/i;
const NAME = /\b(?:[Mm]y name is|[Tt]his is|I am|I'm|i'm)\s+([A-Z][a-zA-Z'-]+(?:\s+[A-Z][a-zA-Z'-]+)?)/;
const WHEN =
  /\b((?:today|tonight|tomorrow|monday|tuesday|wednesday|thursday|friday|saturday|sunday|next \w+|this \w+|on \w+ \d{1,2}(?:st|nd|rd|th)?)(?:\s+(?:at|around|by)\s+\d{1,2}(?::\d{2})?\s*(?:am|pm)?)?|(?:at|around)\s+\d{1,2}(?::\d{2})?\s*(?:am|pm)|\d{1,2}(?::\d{2})?\s*(?:am|pm))\b/i;

function words(text: string): string[] {
  return (text.toLowerCase().match(/[a-z0-9']+/g) ?? []).filter((w) => w.length > 2 && !STOPWORDS.has(w));
}

const stem = (w: string) => w.replace(/'s$/, '').slice(0, 5);

function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.replace(/^[\s\-*•#\d.)]+/, '').trim())
    .filter((s) => s.length > 3);
}

/** Escapes a keyword for a whole-word match. */
const wordRe = (k: string) => new RegExp(`(^|[^a-z0-9])${k.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}([^a-z0-9]|$)`, 'i');

/** The tool whose longest keyword (or its own name, read as words) the message contains. */
export function pickTool(message: string, tools: LlmTool[]): LlmTool | undefined {
  let best: { tool: LlmTool; len: number } | undefined;
  for (const tool of tools) {
    const keys = [...(tool.keywords ?? []), tool.name.replace(/[_-]+/g, ' ')];
    for (const k of keys) {
      if (k && wordRe(k).test(message) && (!best || k.length > best.len)) best = { tool, len: k.length };
    }
  }
  return best?.tool;
}

/** Fills a tool's arguments from what the message holds, by the parameters' names and descriptions. */
export function extractArguments(message: string, tool: LlmTool): Record<string, unknown> {
  const props = ((tool.parameters as { properties?: Record<string, { description?: string; type?: string }> }).properties ?? {}) as Record<
    string,
    { description?: string; type?: string; format?: string }
  >;
  const phone = message.match(PHONE)?.[0]?.trim();
  const email = message.match(EMAIL)?.[0];
  const name = message.match(NAME)?.[1];
  const when = message.match(WHEN)?.[0];
  const args: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(props)) {
    const hint = `${key} ${schema.description ?? ''} ${schema.format ?? ''}`.toLowerCase();
    if (/e-?mail/.test(hint)) {
      if (email) args[key] = email;
    } else if (/phone|number/.test(hint)) {
      if (phone) args[key] = phone;
    } else if (/\bname\b|^name/.test(hint)) {
      if (name) args[key] = name;
    } else if (/time|date|when/.test(hint)) {
      if (when) args[key] = when;
    } else if (/message|body|text|reason|summary|note|detail|request|question|content/.test(hint)) {
      args[key] = message.trim();
    }
  }
  return args;
}

function bestSentence(question: string, instructions: string): string | undefined {
  const q = new Set(words(question).map(stem));
  if (q.size === 0) return undefined;
  let best: { s: string; score: number } | undefined;
  for (const s of sentences(instructions)) {
    const w = new Set(words(s).map(stem));
    let score = 0;
    for (const x of q) if (w.has(x)) score += 1;
    // Directions to the agent ("You are ...", "Always ...") answer less well than facts.
    if (/^(you|always|never|be|do not|don't|keep|use|ask|if)\b/i.test(s)) score -= 0.5;
    if (score > 0 && (!best || score > best.score)) best = { s, score };
  }
  return best && best.score >= 1 ? best.s : undefined;
}

function summarizeResult(name: string, content: string): string {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the vendor's JSON, read defensively field by field
  let parsed: any;
  try {
    parsed = JSON.parse(content);
  } catch {
    parsed = content;
  }
  if (parsed && typeof parsed === 'object') {
    if (parsed.ok === false) return `I couldn't complete that (${name}): ${parsed.error ?? 'it failed'}.`;
    if (typeof parsed.summary === 'string') return parsed.summary;
  }
  return `Done: ${name.replace(/_/g, ' ')}.`;
}

export class OfflineResponder implements LlmProvider {
  readonly name = 'offline';
  readonly model = 'offline-responder';

  async complete(req: LlmRequest): Promise<LlmResult> {
    const { text, toolCalls } = this.reply(req);
    return {
      text,
      toolCalls,
      usage: {
        inputTokens: estimateTokens(req.system + req.messages.map((m) => m.content).join('\n')),
        outputTokens: estimateTokens(text),
      },
    };
  }

  async *stream(req: LlmRequest): AsyncIterable<LlmStreamEvent> {
    const result = await this.complete(req);
    for (const piece of result.text.match(/\S+\s*/g) ?? []) yield { type: 'text', delta: piece };
    for (const call of result.toolCalls) yield { type: 'tool_call', call };
    yield { type: 'done', result };
  }

  private reply(req: LlmRequest): { text: string; toolCalls: LlmToolCall[] } {
    const msgs = req.messages;
    const firstTurn = !msgs.some((m) => m.role === 'assistant');
    const last = msgs[msgs.length - 1];
    const instructions = req.agent?.instructions ?? req.system;
    const agentName = req.agent?.name || 'the assistant';

    // After functions ran: report their results.
    if (last?.role === 'tool') {
      const results: string[] = [];
      for (let i = msgs.length - 1; i >= 0 && msgs[i]!.role === 'tool'; i--) {
        const m = msgs[i] as Extract<LlmRequest['messages'][number], { role: 'tool' }>;
        results.unshift(summarizeResult(m.name, m.content));
      }
      return { text: results.join(' '), toolCalls: [] };
    }

    const message = last?.role === 'user' ? last.content : '';
    const turn = msgs.length;
    const tool = pickTool(message, req.tools);
    if (tool) {
      return { text: '', toolCalls: [{ id: `offline_${turn}_${tool.name}`, name: tool.name, arguments: extractArguments(message, tool) }] };
    }

    const notice = firstTurn ? ` (${OFFLINE_NOTICE})` : '';
    if (GREETING.test(message) && message.trim().split(/\s+/).length <= 6) {
      const greeting = req.agent?.greeting?.trim() || `Hello! This is ${agentName}. How can I help you today?`;
      return { text: greeting + notice, toolCalls: [] };
    }
    const answer = bestSentence(message, instructions);
    if (answer) return { text: answer + notice, toolCalls: [] };
    const can = req.tools.length
      ? ` I can help with: ${req.tools.map((t) => t.description.replace(/\.$/, '').toLowerCase()).join('; ')}.`
      : '';
    return {
      text: `I'm sorry, I don't have an answer to that in my instructions.${can} ${OFFLINE_NOTICE}`,
      toolCalls: [],
    };
  }
}
