import { z } from 'zod';

/**
 * The analysis written after a conversation closes or a call ends: a summary, an outcome, the
 * sentiment, and the custom fields the agent's settings ask for. Written by the language model when one
 * is configured (`source: 'model'`), else from what the agent recorded (`source: 'actions'`), as also
 * when the model failed on every attempt (`modelError` says why).
 */
/** How long a conversation goes without a message before it is analyzed (as if it had closed). */
export const ANALYSIS_IDLE_MS = 30 * 60_000;
/**
 * How many times an analysis job runs while the language model fails (down, 5xx, 429) before the
 * analysis is written from the recorded actions instead (the queue's backoff: 1 s, 2 s, 4 s, … about a minute).
 */
export const ANALYSIS_MAX_ATTEMPTS = 7;

export const ANALYSIS_OUTCOMES = ['booked', 'transferred', 'message_taken', 'resolved', 'abandoned'] as const;
export type AnalysisOutcome = (typeof ANALYSIS_OUTCOMES)[number];
export const ANALYSIS_OUTCOME_LABELS: Record<AnalysisOutcome, string> = {
  booked: 'Booked',
  transferred: 'Transferred',
  message_taken: 'Message taken',
  resolved: 'Resolved',
  abandoned: 'Abandoned',
};
export const SENTIMENTS = ['positive', 'neutral', 'negative'] as const;
export type Sentiment = (typeof SENTIMENTS)[number];

/** A custom field to extract: its name (a JSON key), its type, and what it means (the model reads it). */
export const ANALYSIS_FIELD_TYPES = ['string', 'number', 'boolean'] as const;
export type AnalysisFieldType = (typeof ANALYSIS_FIELD_TYPES)[number];
export const ANALYSIS_FIELDS_MAX = 20;
export const analysisField = z.strictObject({
  name: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9_]{0,39}$/, 'Field names are lowercase letters, digits and _, starting with a letter (at most 40).'),
  type: z.enum(ANALYSIS_FIELD_TYPES),
  description: z.string().trim().min(1, 'Please describe the field.').max(500, 'At most 500 characters.'),
});
export type AnalysisField = z.infer<typeof analysisField>;
export const analysisFields = z
  .array(analysisField)
  .max(ANALYSIS_FIELDS_MAX, `At most ${ANALYSIS_FIELDS_MAX} fields.`)
  .refine((a) => new Set(a.map((f) => f.name)).size === a.length, 'Each field name once.');

export const analysisValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export const conversationAnalysis = z.object({
  summary: z.string(),
  outcome: z.enum(ANALYSIS_OUTCOMES),
  sentiment: z.enum(SENTIMENTS),
  /** One value per field of the agent's settings (null: not found in the conversation). */
  fields: z.record(z.string(), analysisValue),
  source: z.enum(['model', 'actions']),
  /**
   * With `source: 'actions'` although a model is configured: why its analysis is missing (it failed on
   * every attempt, refused the request, or answered something that did not hold up).
   */
  modelError: z.string().optional(),
  analyzedAt: z.number(),
});
export type ConversationAnalysis = z.infer<typeof conversationAnalysis>;
