import { z } from 'zod';
import { epochMsParam, idParam } from './common.ts';
import { LOG_FIELDS, LOG_KINDS } from '../rules/logs.ts';

export { LOG_FIELDS, LOG_KINDS, type LogField, type LogKind } from '../rules/logs.ts';

export const logEntry = z.object({
  id: z.number().optional(),
  timestamp: z.number().optional(),
  kind: z.enum(LOG_KINDS).optional(),
  status: z.string().optional(),
  agentId: z.number().nullable().optional(),
  direction: z.string().nullable().optional(),
  contact: z.string().nullable().optional(),
  /** The name of the organization's contact whose phone or e-mail is `contact`, if any. */
  contactName: z.string().nullable().optional(),
  number: z.string().nullable().optional(),
  roomId: z.string().nullable().optional(),
  summary: z.string().optional(),
  /** An analysis row's outcome; null on other rows. */
  outcome: z.string().nullable().optional(),
  details: z.record(z.string(), z.unknown()).optional(),
});
export type LogEntry = z.infer<typeof logEntry>;

const commaList = <T extends string>(allowed: readonly T[], what: string) =>
  z
    .string()
    .max(500, 'is too long')
    .transform((s) =>
      s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    )
    .refine((xs) => xs.every((x) => (allowed as readonly string[]).includes(x)), `must be a comma list of ${what}: ${allowed.join(', ')}`)
    .transform((xs) => xs as T[]);

/** GET /api/v2/logs (spec §7): filters, fields, format, keyset pages (`before` is the last id seen). */
export const logsQuery = {
  startTime: epochMsParam.optional(),
  endTime: epochMsParam.optional(),
  kind: commaList(LOG_KINDS, 'kinds').optional(),
  agentId: idParam.optional(),
  contact: z.string().max(320, 'is too long').optional(),
  number: z.string().max(32, 'is too long').optional(),
  status: z.string().max(16, 'is too long').optional(),
  text: z.string().max(200, 'is too long').optional(),
  fields: commaList(LOG_FIELDS, 'fields').optional(),
  format: z.enum(['json', 'csv']).optional().default('json'),
  before: idParam.optional(),
  limit: z.coerce
    .number()
    .int('must be a whole number')
    .min(1, 'must be 1 or more')
    .max(500, 'must be 500 or less')
    .optional()
    .default(100),
};

export const logsResponse = z.object({
  success: z.literal(true),
  logs: z.array(logEntry),
  /** Pass as `before` for the next page; null on the last page. */
  nextBefore: z.number().nullable(),
});
