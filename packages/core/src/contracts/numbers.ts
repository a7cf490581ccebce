import { z } from 'zod';

const capabilities = z.object({ voice: z.boolean(), sms: z.boolean(), mms: z.boolean() });

/** One of the organization's numbers: bought through the carrier or brought (BYO), and who answers it. */
export const phoneNumber = z.object({
  number: z.string(),
  country: z.string(),
  smsEnabled: z.boolean(),
  provider: z.string(),
  kind: z.enum(['carrier', 'byo']).optional(),
  status: z.enum(['active', 'pending_verification']).optional(),
  /** The agent account that answers; null: the organization's own agent. */
  agentId: z.number().nullable().optional(),
  routing: z.enum(['forwarding', 'sip']).nullable().optional(),
  forwardTo: z.string().nullable().optional(),
  locality: z.string().nullable().optional(),
  region: z.string().nullable().optional(),
  capabilities: capabilities.optional(),
  createdAt: z.number().optional(),
});
export type PhoneNumberInfo = z.infer<typeof phoneNumber>;
export const assignNumberResponse = z.object({ success: z.literal(true), number: z.string(), phoneNumber });
export const phoneNumberResponse = z.object({ success: z.literal(true), phoneNumber });
export const phoneNumbersResponse = z.object({ success: z.literal(true), phoneNumbers: z.array(phoneNumber) });

/** A number for sale (search results). */
export const availableNumber = z.object({
  number: z.string(),
  friendlyName: z.string(),
  locality: z.string().nullable(),
  region: z.string().nullable(),
  country: z.string(),
  capabilities,
  /** Phrase searches: the number with the phrase's letters in place, e.g. (415) FLO-WERS. */
  vanity: z.string().optional(),
});
export type AvailableNumberInfo = z.infer<typeof availableNumber>;
export const numberSearchResponse = z.object({ success: z.literal(true), numbers: z.array(availableNumber) });

export const byoAssignResponse = z.object({
  success: z.literal(true),
  phoneNumber,
  method: z.enum(['sms', 'call']),
  expiresAt: z.number(),
});

/** GET /api/v1/forwardingInstructions: the user's carrier's codes with the agent's number filled in. */
export const forwardingInstructionsResponse = z.object({
  success: z.literal(true),
  forwardTo: z.string().nullable(),
  carriers: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      unconditional: z.object({ enable: z.string(), disable: z.string() }),
      conditional: z.object({ enable: z.string(), disable: z.string(), note: z.string().optional() }),
    }),
  ),
});

/** POST /api/v1/verifyCellForwarding: what the test call did. */
export const verifyForwardingResponse = z.object({
  success: z.literal(true),
  /** Whether the test call arrived at the agent's number. */
  verified: z.boolean(),
  outcome: z.enum(['success', 'no_call', 'wrong_number']),
  expected: z.string(),
  seen: z.string().nullable(),
  message: z.string(),
});

/** The simulated carrier's dev API (/api/dev/carrier/...). */
export const carrierMessage = z.object({ from: z.string(), to: z.string(), body: z.string(), status: z.string(), createdAt: z.number() });
export const carrierSentResponse = z.object({ success: z.literal(true), messages: z.array(carrierMessage) });
export const carrierNumbersResponse = z.object({
  success: z.literal(true),
  numbers: z.array(z.object({ number: z.string(), username: z.string(), name: z.string().nullable() })),
});
export const carrierCallsResponse = z.object({
  success: z.literal(true),
  calls: z.array(
    z.object({
      sid: z.string(),
      from: z.string(),
      to: z.string(),
      kind: z.string(),
      spoken: z.string().nullable(),
      forwardedTo: z.string().nullable(),
      status: z.string(),
      createdAt: z.number(),
    }),
  ),
});
