import { z } from 'zod';
import { accountListItem } from './accounts.ts';

/** GET /api/v1/search/{target} and /api/v1/enhancedSearch/{target} (which adds messages). */
export const searchContact = z.object({
  roomId: z.string(),
  uuid: z.string(),
  username: z.string(),
  address: z.string(),
  channel: z.enum(['chat', 'sms']),
  lastMessageTimestamp: z.number(),
});

export const searchMessage = z.object({
  id: z.number(),
  body: z.string(),
  direction: z.enum(['inbound', 'outbound']),
  roomId: z.string(),
  uuid: z.string(),
  username: z.string(),
  createdAt: z.number(),
});

export const searchResponse = z.object({
  success: z.literal(true),
  target: z.string(),
  accounts: z.array(accountListItem),
  contacts: z.array(searchContact),
  messages: z.array(searchMessage).optional(),
});
export type SearchResponse = z.infer<typeof searchResponse>;
