import { z } from 'zod';
import { idParam, pageParams, tokenParams, targetParams } from './common.ts';

/** Spec §3 Contact: an id plus free fields, with the channels that identify the person (E.164, lower-case e-mail). */
export const contact = z.object({
  id: z.number(),
  name: z.string(),
  phones: z.array(z.string()),
  emails: z.array(z.string()),
  tags: z.array(z.string()),
  notes: z.string(),
  fields: z.record(z.string(), z.string()),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type Contact = z.infer<typeof contact>;

const text = (max: number) =>
  z
    .string()
    .max(max, `must be at most ${max} characters`)
    .refine((s) => !s.includes('\0'), 'must not contain NUL');

/** POST /api/v2/contact: with `id` an update (fields left out keep their value), without one a create. */
export const contactInput = z.object({
  name: text(200).optional(),
  phones: z.array(text(40)).max(10).optional(),
  emails: z.array(text(320)).max(10).optional(),
  tags: z.array(text(50)).max(30).optional(),
  notes: text(5000).optional(),
  fields: z.record(text(60), text(1000)).optional(),
});
export type ContactInput = z.infer<typeof contactInput>;
export const contactBody = z.looseObject({
  ...tokenParams,
  ...targetParams,
  id: idParam.optional(),
  ...contactInput.shape,
  /** The spec's single-channel names: one e-mail and one phone number, stored first in `emails` / `phones`. */
  email: text(320).optional(),
  phoneNumber: text(40).optional(),
});
export type ContactBody = ContactInput & { id?: number };

export const contactListQuery = z.object({
  ...tokenParams,
  ...targetParams,
  ...pageParams,
  search: text(200).optional(),
  tag: text(50).optional(),
});
export const contactListResponse = z.object({
  success: z.literal(true),
  contacts: z.array(contact),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type ContactListResponse = z.infer<typeof contactListResponse>;
export const contactResponse = z.object({ success: z.literal(true), contact });

/** GET /api/v2/contact/{id}/activity: the contact's conversations, calls and meetings, newest first (up to 50 each). */
export const contactActivityResponse = z.object({
  success: z.literal(true),
  conversations: z.array(z.object({ roomId: z.string(), channel: z.string(), address: z.string(), lastMessageAt: z.number() })),
  calls: z.array(
    z.object({
      id: z.string(),
      direction: z.string(),
      number: z.string(),
      status: z.string(),
      startedAt: z.number(),
      durationMs: z.number(),
    }),
  ),
  meetings: z.array(z.object({ id: z.number(), meetingType: z.string(), start: z.number(), end: z.number(), status: z.string() })),
});
export type ContactActivity = z.infer<typeof contactActivityResponse>;
export const contactDeleteBody = z.looseObject({ ...tokenParams, ...targetParams, id: idParam });

/** POST /api/v2/contact/import: a CSV (header row: name, phone, email, tags, notes, any other column a free field) or vCard file. */
export const contactImportBody = z.looseObject({
  ...tokenParams,
  ...targetParams,
  format: z.enum(['csv', 'vcard']),
  data: z.string().min(1, 'is empty').max(2_000_000, 'is larger than 2 MB'),
});
export const contactImportResponse = z.object({
  success: z.literal(true),
  imported: z.number(),
  errors: z.array(z.object({ line: z.number(), message: z.string() })),
});
export type ContactImportResponse = z.infer<typeof contactImportResponse>;
