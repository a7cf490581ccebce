import { z } from 'zod';
import { PAGE_SIZE } from '../constants.ts';

/** Every failure the API gives: `{success: false, message, code, field?}`. */
export const errorResponse = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.string(),
  field: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

export const okResponse = z.object({ success: z.literal(true), message: z.string().optional() });

/** Query booleans arrive as strings: 'true' / 'false' / '1' / '0'. */
export const queryBool = z.preprocess((v) => {
  if (v === 'true' || v === '1' || v === true) return true;
  if (v === 'false' || v === '0' || v === false) return false;
  return v;
}, z.boolean());

/** Only positive page sizes count (spec §5); anything else falls back to the default. */
export const pageParams = {
  page: z.coerce
    .number()
    .int()
    .max(1_000_000, 'is too large')
    .optional()
    .transform((v) => (v != null && v > 0 ? v : 0)),
  pageSize: z.coerce
    .number()
    .int()
    .max(Number.MAX_SAFE_INTEGER, 'is too large')
    .optional()
    .transform((v) => (v != null && v > 0 ? Math.min(v, 100) : PAGE_SIZE)),
  pagination: queryBool.optional().default(true),
};

/**
 * The largest row id: ids are `serial` (32-bit integer) columns on PostgreSQL. Every id the API reads
 * (query, path or body) goes through `idParam`, so a value beyond the column's range is a 400 naming the
 * field instead of a database error.
 */
export const MAX_ID = 2_147_483_647;
/**
 * Numbers arrive as JSON numbers or as query text; coercion would read null, '', true and [] as 0 or 1,
 * so those (and objects) become NaN first and are refused like any other non-number.
 */
const numeric = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === null || v === '' || typeof v === 'boolean' || typeof v === 'object' ? Number.NaN : v), schema);

export const idParam = numeric(
  z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be 1 or more')
    .max(MAX_ID, `must be ${MAX_ID} or less`),
);

/** Epoch milliseconds in a query or body: whole numbers from 1970 to the year 275760 (Date's range). */
export const MAX_EPOCH_MS = 8_640_000_000_000_000;
export const epochMsParam = numeric(
  z.coerce
    .number({ error: 'must be a time in epoch milliseconds' })
    .int('must be a whole number of milliseconds')
    .min(0, 'must be 0 or more')
    .max(MAX_EPOCH_MS, 'is beyond the range of dates'),
);

/** A count or amount compared with a bigint column: a safe whole number. */
export const countParam = numeric(
  z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(0, 'must be 0 or more')
    .max(Number.MAX_SAFE_INTEGER, 'is too large'),
);

/**
 * An IANA time zone ("Europe/Paris", "UTC"), as the runtime's Intl knows them; "Not/AZone" and offsets
 * like "+02:00" are refused.
 */
export const isTimeZone = (tz: string): boolean => {
  if (!tz || tz.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return /^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(tz);
  } catch {
    return false;
  }
};
export const timeZone = z.string().max(64).refine(isTimeZone, 'must be an IANA time zone such as Europe/Paris');

/** The acting-account selectors (spec §6): each names an account in the caller's tree. */
export const TARGET_PARAMS = ['targetAccountId', 'targetOrganizationId', 'targetResellerId', 'targetPartnerId'] as const;
export const targetParams = {
  targetAccountId: idParam.optional(),
  targetOrganizationId: idParam.optional(),
  targetResellerId: idParam.optional(),
  targetPartnerId: idParam.optional(),
};

/** Token parameters, accepted on every route (the auth layer reads them). */
export const tokenParams = {
  token: z.string().optional(),
  adminToken: z.string().optional(),
};

export const authQuery = z.object({ ...tokenParams, ...targetParams });

/**
 * The documented parameters every route accepts beside its own fields (spec §6): the token family, the
 * acting-account selectors and an idempotency key. Any other field a route does not declare is a 400.
 */
export const COMMON_PARAMS = ['token', 'adminToken', ...TARGET_PARAMS, 'idempotencyKey'] as const;
