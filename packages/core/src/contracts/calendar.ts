import { z } from 'zod';
import { epochMsParam, idParam, timeZone, tokenParams, targetParams } from './common.ts';

/** Spec §3 Schedule and §7 Calendar: a host's time zone, working hours per weekday and meeting types. */
export const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'must be a time HH:mm');
export const workingInterval = z
  .object({ start: clock, end: clock })
  .refine((i) => i.start < i.end, { message: 'must end after it starts', path: ['end'] });
export const workingHours = z.object(
  Object.fromEntries(WEEKDAYS.map((d) => [d, z.array(workingInterval).max(6)])) as Record<Weekday, z.ZodArray<typeof workingInterval>>,
);
export type WorkingHours = z.infer<typeof workingHours>;

export const meetingType = z.object({
  id: z.string().regex(/^[a-z0-9-]{1,40}$/, 'must be 1 to 40 lower-case letters, digits or dashes'),
  name: z.string().trim().min(1, 'is required').max(100),
  /** Length of the meeting. */
  minutes: z.number().int().min(5).max(480),
  /** Free time kept before and after every meeting. */
  bufferMinutes: z.number().int().min(0).max(240),
  /** How long before its start a meeting may be booked at the latest. */
  noticeMinutes: z.number().int().min(0).max(43_200),
  /** How many days ahead a meeting may be booked. */
  horizonDays: z.number().int().min(1).max(365),
});
export type MeetingType = z.infer<typeof meetingType>;

export const schedule = z.object({
  timezone: z.string().max(64),
  hours: workingHours,
  meetingTypes: z.array(meetingType).max(20),
});
export type Schedule = z.infer<typeof schedule>;

export const booking = z.object({
  id: z.number(),
  meetingType: z.string(),
  start: z.number(),
  end: z.number(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  notes: z.string(),
  status: z.enum(['active', 'cancelled']),
  createdAt: z.number(),
});
export type Booking = z.infer<typeof booking>;

export const scheduleQuery = z.object({ ...tokenParams, ...targetParams });
const scheduleFields = {
  timezone: timeZone.optional(),
  hours: workingHours.optional(),
  meetingTypes: z
    .array(meetingType)
    .max(20)
    .refine((l) => new Set(l.map((m) => m.id)).size === l.length, 'ids must differ')
    .optional(),
};
/** The fields at the top level, or wrapped as `{schedule: {...}}` the way GET answers them (not both). */
export const scheduleBody = z.looseObject({
  ...tokenParams,
  ...targetParams,
  ...scheduleFields,
  schedule: z.strictObject(scheduleFields).optional(),
});
export const scheduleResponse = z.object({
  success: z.literal(true),
  /** The host name of the public page (/schedule?host=…). */
  username: z.string(),
  schedule,
  /** Upcoming standing bookings. */
  bookings: z.array(booking),
  /** Connected calendars and whether they still answer (`revoked`: connect again). */
  connections: z
    .array(
      z.object({ provider: z.enum(['google', 'calendly']), status: z.enum(['connected', 'revoked']), mainCalendar: z.string().nullable() }),
    )
    .optional(),
});

/** A busy time of the host's local calendar. */
export const calendarEvent = z.object({ id: z.number(), start: z.number(), end: z.number(), title: z.string() });
export const calendarEventBody = z.looseObject({
  ...tokenParams,
  ...targetParams,
  start: epochMsParam,
  end: epochMsParam,
  title: z.string().trim().min(1, 'is required').max(200),
});
export const calendarEventResponse = z.object({ success: z.literal(true), event: calendarEvent });

/** The public page's view of a host: free slots of one meeting type (no sign-in). */
export const slotsQuery = z.object({
  meetingType: z.string().max(40).optional(),
  from: epochMsParam.optional(),
  days: z.coerce.number().int().min(1).max(62).optional(),
});
export const slot = z.object({ start: z.number(), end: z.number() });
export const slotsResponse = z.object({
  success: z.literal(true),
  host: z.object({ username: z.string(), name: z.string() }),
  timezone: z.string(),
  meetingType: meetingType.nullable(),
  meetingTypes: z.array(meetingType.pick({ id: true, name: true, minutes: true })),
  slots: z.array(slot),
});

export const bookBody = z.object({
  meetingType: z.string().max(40),
  start: epochMsParam,
  name: z.string().trim().min(1, 'is required').max(200),
  email: z.string().trim().max(320).email('must be an e-mail address'),
  phone: z.string().trim().max(40).optional(),
  notes: z.string().max(2000).optional(),
  /** The visitor's time zone, for the confirmation's wording. */
  timezone: z.string().max(64).optional(),
});
export type BookBody = z.infer<typeof bookBody>;
export const publicBooking = booking.omit({ email: true, phone: true, notes: true });
/** The booking, and the visitor's link to reschedule or cancel it (also in the confirmation). */
export const bookResponse = z.object({ success: z.literal(true), booking: publicBooking, manageUrl: z.string().optional() });

/** A booking by id (path). */
export const bookingParams = z.object({ id: idParam });
/** The host cancels or moves one of its bookings. */
export const ownBookingBody = z.looseObject({ ...tokenParams, ...targetParams });
export const rescheduleBody = z.looseObject({ ...tokenParams, ...targetParams, start: epochMsParam });
export const ownBookingResponse = z.object({ success: z.literal(true), booking });
/** The visitor's manage link: the booking id and the link's token (no sign-in). */
export const manageQuery = z.object({ token: z.string().min(10).max(100) });
export const manageRescheduleBody = z.object({ token: z.string().min(10).max(100), start: epochMsParam });
export const manageCancelBody = z.object({ token: z.string().min(10).max(100) });
export const manageResponse = z.object({
  success: z.literal(true),
  booking: publicBooking,
  host: z.object({ username: z.string(), name: z.string() }),
  meetingType: z.string(),
});
