import { z } from 'zod';

/** GET/POST /api/v1/notifications (spec §7): the acting account's notifications. */
export const notification = z.object({
  id: z.number(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  data: z.record(z.string(), z.unknown()),
  read: z.boolean(),
  timestamp: z.number(),
});
export type Notification = z.infer<typeof notification>;

export const notificationsResponse = z.object({ success: z.literal(true), unread: z.number(), notifications: z.array(notification) });
export const notificationsMarkedResponse = z.object({ success: z.literal(true), marked: z.number() });
