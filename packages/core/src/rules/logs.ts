/** Log kinds and fields (spec §7 Logs), without zod so the web app can list them cheaply. */

/**
 * Log kinds (spec §7 Logs): every call, message, agent turn, function call, webhook delivery and error,
 * and the analysis after each conversation and call.
 */
export const LOG_KINDS = ['call', 'message', 'agent_turn', 'function', 'webhook', 'error', 'analysis'] as const;
export type LogKind = (typeof LOG_KINDS)[number];

/** The fields a log row has; `fields` (a comma list) picks among them. */
export const LOG_FIELDS = [
  'id',
  'timestamp',
  'kind',
  'status',
  'agentId',
  'direction',
  'contact',
  'number',
  'roomId',
  'summary',
  /** An analysis row's outcome (booked, transferred, message_taken, resolved, abandoned); empty on other rows. */
  'outcome',
  'details',
] as const;
export type LogField = (typeof LOG_FIELDS)[number];
