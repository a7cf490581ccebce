import {
  ANALYSIS_OUTCOMES,
  SENTIMENTS,
  type AnalysisField,
  type AnalysisOutcome,
  type ConversationAnalysis,
  type Sentiment,
} from '@switchboard/core';
import { z } from 'zod';
import type { Tx } from '../../db.ts';
import type { Deps } from '../../deps.ts';
import { LlmError, type LlmProvider } from '../../platform/providers/llm/index.ts';
import { findAccount, type AccountRow } from '../accounts/index.ts';
import { chargeUsage } from '../billing/index.ts';
import { recordUsage } from '../stats/index.ts';
import { campaignsRepository, defaultCampaign } from './repository.ts';

/**
 * The analysis after a conversation closes or a call ends: a summary, an outcome (booked, transferred,
 * message taken, resolved, abandoned), the sentiment, and the custom fields the agent's settings ask for
 * (`analysisFields`). With a language model it is asked for one JSON object, which is checked against a
 * schema built from those fields; without one (or when its answer does not hold up) it is read from
 * what the agent recorded: a booking made is "booked", a transfer "transferred", a message taken
 * "message taken", and the summary says what was collected.
 *
 * A model that fails in a way that may pass (unreachable, timed out, 5xx, 429) makes `analyze` throw, so
 * the job that asked runs again later with the queue's backoff; on the job's last attempt (`lastAttempt`)
 * the recorded actions answer instead, with `modelError` saying why the model's analysis is missing.
 */
export interface AnalysisTurn {
  role: 'customer' | 'agent';
  text: string;
}

export interface AnalysisAction {
  /** The function the agent ran (book_appointment, transfer_call, message_taken, take_message, …). */
  name: string;
  ok: boolean;
  arguments: Record<string, unknown>;
}

export interface AnalysisInput {
  /** The agent (or organization) whose settings name the fields and whose model writes it. */
  accountId: number;
  channel: 'chat' | 'sms' | 'voice';
  transcript: AnalysisTurn[];
  actions: AnalysisAction[];
  /** A call that was transferred to a person (the carrier connected it). */
  transferred?: boolean;
  /** The job's last attempt: a model that fails is not waited for again (the recorded actions answer). */
  lastAttempt?: boolean;
}

/** A model failure a later attempt may not meet: no answer, a timeout, a 5xx or a 429 (rate limited). */
export function modelMayRecover(err: unknown): boolean {
  if (!(err instanceof LlmError)) return false;
  return err.status == null || err.status >= 500 || err.status === 429;
}

export interface AnalysisResult {
  analysis: ConversationAnalysis;
  /** Model tokens spent (0 without a model): counted and charged as model usage. */
  tokens: number;
}

const BOOKING = new Set(['book_appointment', 'reschedule_appointment']);
const TRANSFER = new Set(['transfer_call']);
const MESSAGE = new Set(['message_taken', 'take_message']);
const MAX_TRANSCRIPT_CHARS = 24_000;
const MAX_SUMMARY = 2000;

const NEGATIVE =
  /\b(angry|furious|terrible|awful|horrible|worst|upset|frustrat\w*|annoy\w*|unacceptable|ridiculous|disappoint\w*|complain\w*|rude|useless|waste of time)\b/i;
const POSITIVE = /\b(great|perfect|wonderful|awesome|excellent|fantastic|amazing|love it|really appreciate|very helpful|so helpful)\b/i;

const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/** The outcome the recorded actions show (the strongest first: a booking, a transfer, a message). */
export function outcomeOf(input: Pick<AnalysisInput, 'actions' | 'transcript' | 'transferred'>): AnalysisOutcome {
  const done = input.actions.filter((a) => a.ok);
  if (done.some((a) => BOOKING.has(a.name))) return 'booked';
  if (input.transferred || done.some((a) => TRANSFER.has(a.name))) return 'transferred';
  if (done.some((a) => MESSAGE.has(a.name))) return 'message_taken';
  const customer = input.transcript.filter((t) => t.role === 'customer' && t.text.trim());
  if (customer.length === 0) return 'abandoned';
  // The customer left while the agent waited for an answer (its last line a question, nothing settled).
  const last = input.transcript.filter((t) => t.text.trim()).at(-1);
  if (last?.role === 'agent' && last.text.trim().endsWith('?')) return 'abandoned';
  return 'resolved';
}

/** Neutral unless the customer's words say otherwise. */
export function sentimentOf(transcript: AnalysisTurn[]): Sentiment {
  const said = transcript
    .filter((t) => t.role === 'customer')
    .map((t) => t.text)
    .join('\n');
  const neg = NEGATIVE.test(said);
  const pos = POSITIVE.test(said);
  if (neg && !pos) return 'negative';
  if (pos && !neg) return 'positive';
  return 'neutral';
}

/** What the agent collected (a message's name, phone, e-mail, reason; a booking's details). */
function collected(actions: AnalysisAction[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const a of actions.filter((x) => x.ok)) for (const [k, v] of Object.entries(a.arguments ?? {})) if (out[k] == null) out[k] = v;
  return out;
}

function summaryOf(input: AnalysisInput, outcome: AnalysisOutcome): string {
  const c = collected(input.actions);
  const name = str(c.name) ?? str(c.customer_name) ?? str(c.customerName);
  const reach = [str(c.phone), str(c.email)].filter(Boolean).join(', ');
  const who = name ? `${name}${reach ? ` (${reach})` : ''}` : reach ? `The customer (${reach})` : 'The customer';
  const reason = str(c.reason) ?? str(c.message) ?? str(c.notes);
  const when = str(c.time) ?? str(c.start) ?? str(c.startTime) ?? str(c.date);
  const customerTurns = input.transcript.filter((t) => t.role === 'customer' && t.text.trim()).length;
  const where = input.channel === 'voice' ? 'call' : 'conversation';
  switch (outcome) {
    case 'booked':
      return `${who} booked an appointment${when ? ` for ${when}` : ''}.${reason ? ` Reason: ${reason}` : ''}`;
    case 'transferred':
      return `${who} was transferred to a person.${reason ? ` Reason: ${reason}` : ''}`;
    case 'message_taken':
      return `${who} left a message${reason ? `: ${reason}` : '.'}`;
    case 'abandoned':
      return customerTurns === 0
        ? `The customer left the ${where} without saying anything.`
        : `${who} left the ${where} before it was settled.`;
    default: {
      const first = input.transcript.find((t) => t.role === 'customer' && t.text.trim())?.text.trim() ?? '';
      const opening = first.length > 200 ? `${first.slice(0, 199)}…` : first;
      const n = customerTurns;
      const did = input.channel === 'voice' ? `spoke ${n} time${n === 1 ? '' : 's'}` : `wrote ${n} message${n === 1 ? '' : 's'}`;
      return `${who} ${did} and the agent answered${opening ? `, starting with: “${opening}”` : '.'}`;
    }
  }
}

/** A field's value from what was collected, when one of that name and type was. */
function fieldFromActions(f: AnalysisField, c: Record<string, unknown>): string | number | boolean | null {
  const v = c[f.name];
  if (f.type === 'string') return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null;
  if (f.type === 'number') return typeof v === 'number' ? v : typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim()) ? Number(v) : null;
  return typeof v === 'boolean' ? v : null;
}

/** The analysis without a model: from the recorded actions, the transcript's shape and its words. */
export function analyzeFromActions(input: AnalysisInput, fields: AnalysisField[], now = Date.now()): ConversationAnalysis {
  const outcome = outcomeOf(input);
  const c = collected(input.actions);
  return {
    summary: summaryOf(input, outcome).slice(0, MAX_SUMMARY),
    outcome,
    sentiment: sentimentOf(input.transcript),
    fields: Object.fromEntries(fields.map((f) => [f.name, fieldFromActions(f, c)])),
    source: 'actions',
    analyzedAt: now,
  };
}

/** The JSON the model must answer, built from the agent's fields (each value of its type, or null). */
export function modelAnswerSchema(fields: AnalysisField[]) {
  const value = { string: z.string().max(2000), number: z.number(), boolean: z.boolean() } as const;
  return z.object({
    summary: z.string().trim().min(1).max(MAX_SUMMARY),
    outcome: z.enum(ANALYSIS_OUTCOMES),
    sentiment: z.enum(SENTIMENTS),
    fields: z.strictObject(Object.fromEntries(fields.map((f) => [f.name, value[f.type].nullable().optional()]))),
  });
}

function prompt(input: AnalysisInput, fields: AnalysisField[]) {
  const fieldLines = fields.length
    ? fields.map((f) => `- ${f.name} (${f.type}): ${f.description}`).join('\n')
    : '(none: answer "fields": {})';
  const system = [
    'You analyse a finished conversation between a business’s AI agent and a customer.',
    'Answer with one JSON object and nothing else, of this shape:',
    '{"summary": string (one to three sentences), "outcome": string, "sentiment": string, "fields": object}',
    `outcome is one of: ${ANALYSIS_OUTCOMES.join(', ')} (booked: an appointment was booked; transferred: the customer was handed to a person by transfer; message_taken: a message was taken for a person to follow up; resolved: the customer got what they came for; abandoned: the customer left before anything was settled).`,
    `sentiment is the customer’s: ${SENTIMENTS.join(', ')} (neutral unless the customer’s words show otherwise).`,
    'fields has exactly these keys, each a value of its type, or null when the conversation does not say:',
    fieldLines,
  ].join('\n');
  let transcript = input.transcript.map((t) => `${t.role === 'customer' ? 'Customer' : 'Agent'}: ${t.text}`).join('\n');
  if (transcript.length > MAX_TRANSCRIPT_CHARS) transcript = `…${transcript.slice(-MAX_TRANSCRIPT_CHARS)}`;
  const actions = input.actions.length
    ? input.actions.map((a) => `- ${a.name}${a.ok ? '' : ' (failed)'} ${JSON.stringify(a.arguments ?? {})}`).join('\n')
    : '(none)';
  const user = `Channel: ${input.channel === 'voice' ? 'phone call' : input.channel}\nTranscript:\n${transcript || '(empty)'}\n\nWhat the agent did:\n${actions}${input.transferred ? '\n- the call was transferred to a person' : ''}`;
  return { system, user };
}

/** The model's answer as JSON: the object itself, or inside a fenced block. */
function parseJson(text: string): unknown {
  const t = text.trim();
  const fenced = t.match(/```(?:json)?\s*([\s\S]*?)```/);
  const body = fenced ? fenced[1]! : t.slice(t.indexOf('{'), t.lastIndexOf('}') + 1);
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

export function createAnalyzer(deps: Deps, modelFor: (account: AccountRow) => Promise<LlmProvider>) {
  const { db } = deps;

  return {
    async analyze(input: AnalysisInput): Promise<AnalysisResult> {
      const account = await findAccount(db, input.accountId);
      const settings = (account && (await campaignsRepository.get(db, account.id, 'default'))?.data) || defaultCampaign();
      const fields = settings.analysisFields;
      const fallback = (modelError?: string) => ({ ...analyzeFromActions(input, fields), ...(modelError ? { modelError } : {}) });
      const llm = account ? await modelFor(account) : null;
      // No model (or the test stand-in, which answers from keywords, not from a conversation): the actions say it.
      if (!llm || llm.name === 'none' || llm.name === 'offline') return { analysis: fallback(), tokens: 0 };
      const { system, user } = prompt(input, fields);
      let tokens = 0;
      try {
        const r = await llm.complete({
          system,
          messages: [{ role: 'user', content: user }],
          tools: [],
          maxTokens: 800,
          json: true,
          signal: AbortSignal.timeout(deps.config.LLM_TIMEOUT_MS),
        });
        tokens = r.usage.inputTokens + r.usage.outputTokens;
        const parsed = modelAnswerSchema(fields).safeParse(parseJson(r.text));
        if (!parsed.success) {
          deps.log.warn(
            { accountId: input.accountId, issues: parsed.error.issues.slice(0, 3) },
            'analysis: the model’s answer did not hold up',
          );
          return { analysis: fallback('The language model’s answer did not hold up.'), tokens };
        }
        const a = parsed.data;
        return {
          analysis: {
            summary: a.summary,
            outcome: a.outcome,
            sentiment: a.sentiment,
            fields: Object.fromEntries(fields.map((f) => [f.name, a.fields[f.name] ?? null])),
            source: 'model',
            analyzedAt: Date.now(),
          },
          tokens,
        };
      } catch (err) {
        // The model failed (down, timed out, rate limited): the job tries again later, and on its last
        // attempt (or at once, when the model refused the request) the recorded actions say what happened.
        const again = modelMayRecover(err) && !input.lastAttempt;
        deps.log.warn({ err, accountId: input.accountId, again }, 'analysis: the model did not answer');
        if (again) throw err;
        return { analysis: fallback(String((err as Error)?.message ?? err).slice(0, 300)), tokens };
      }
    },

    /**
     * The tokens of one analysis as model usage: counted per account and day and charged by the plan's
     * `tokens` item, inside the caller's transaction and once per `key` (a retried job adds nothing).
     */
    async recordUsage(trx: Tx, accountId: number, tokens: number, key: string): Promise<void> {
      if (tokens <= 0) return;
      await recordUsage(trx, accountId, 'tokens', tokens);
      await chargeUsage(db, trx, { accountId, item: 'tokens', quantity: tokens, key, after: true });
    },
  };
}

export type Analyzer = ReturnType<typeof createAnalyzer>;
