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
  page: z.coerce.number().int().optional().transform((v) => (v != null && v > 0 ? v : 0)),
  pageSize: z.coerce
    .number()
    .int()
    .optional()
    .transform((v) => (v != null && v > 0 ? Math.min(v, 100) : PAGE_SIZE)),
  pagination: queryBool.optional().default(true),
};

/** The acting-account selectors (spec §6): each names an account in the caller's tree. */
export const targetParams = {
  targetAccountId: z.coerce.number().int().positive().optional(),
  targetOrganizationId: z.coerce.number().int().positive().optional(),
  targetResellerId: z.coerce.number().int().positive().optional(),
  targetPartnerId: z.coerce.number().int().positive().optional(),
};

/** Token parameters, accepted on every route (the auth layer reads them). */
export const tokenParams = {
  token: z.string().optional(),
  adminToken: z.string().optional(),
};

export const authQuery = z.object({ ...tokenParams, ...targetParams });
