import { z } from 'zod';

/** POST /api/v2/phoneNumber/assign: the organization's number. */
export const phoneNumber = z.object({ number: z.string(), country: z.string(), smsEnabled: z.boolean(), provider: z.string() });
export const assignNumberResponse = z.object({ success: z.literal(true), number: z.string(), phoneNumber });

/** The simulated carrier's dev API (/api/dev/carrier/...). */
export const carrierMessage = z.object({ from: z.string(), to: z.string(), body: z.string(), status: z.string(), createdAt: z.number() });
export const carrierSentResponse = z.object({ success: z.literal(true), messages: z.array(carrierMessage) });
export const carrierNumbersResponse = z.object({
  success: z.literal(true),
  numbers: z.array(z.object({ number: z.string(), username: z.string(), name: z.string().nullable() })),
});
