import type { MeetingType } from '@switchboard/core/contracts/calendar';
import type { Deps } from '../../deps.ts';
import type { DbOrTx } from '../../db.ts';
import type { Background } from '../../platform/background.ts';
import type { AccountRow } from '../accounts/index.ts';
import { findAccount } from '../accounts/index.ts';
import { toSchedule } from './mappers.ts';
import { calendarRepository, type BookingRow } from './repository.ts';

/** Job kind of a reminder; its key and its messages' keys name the booking and its start, so each goes out once. */
export const REMINDER_JOB = 'calendar.reminder';
const HOUR = 3_600_000;
/** A reminder goes out a day before the meeting, or an hour before when booked less than a day ahead. */
export const REMINDER_LEADS_MS = [24 * HOUR, HOUR];

export const when = (ms: number, tz: string) =>
  new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: tz,
    timeZoneName: 'short',
  }).format(new Date(ms));

/** The visitor's link to see, reschedule or cancel the booking (the /schedule page with the booking's token). */
export const manageLink = (deps: Deps, host: AccountRow, bookingId: number, token: string) =>
  `${deps.config.publicUrl}/schedule?host=${encodeURIComponent(host.username)}&booking=${bookingId}&token=${token}`;

/** The job queue reminders go to, per database (set when the calendar service is built with one). */
const queues = new WeakMap<object, Background>();
export const useReminderQueue = (db: object, bg: Background) => queues.set(db, bg);

/** Queues the booking's reminder (in the booking's transaction), keyed by booking and start. */
export async function queueReminder(deps: Deps, trx: DbOrTx, b: { id: number; start: number }, now: number) {
  const bg = queues.get(deps.db);
  if (!bg) return;
  const at = REMINDER_LEADS_MS.map((lead) => b.start - lead).find((t) => t > now);
  if (at == null) return;
  await bg.queue.enqueue(
    REMINDER_JOB,
    { bookingId: b.id, start: b.start },
    { key: `booking:${b.id}:reminder:${b.start}`, delayMs: at - now, maxAttempts: 5 },
    trx,
  );
}

/**
 * Sends a text about a booking to the visitor's phone, from the host's number when it has one. The key
 * makes a retried send go out once; a failed send is logged (the outbox records it) and never undoes the booking.
 */
export async function textVisitor(deps: Deps, host: AccountRow, b: Pick<BookingRow, 'id' | 'phone'>, body: string, key: string) {
  if (!b.phone) return;
  try {
    // The outbox keys e-mails and texts in one space: the text gets its own key.
    await deps.carrier.sendSms({ to: b.phone, from: host.vida_phone_number ?? undefined, body, idempotencyKey: `${key}:sms` });
  } catch (err) {
    deps.log.warn({ err, bookingId: b.id }, 'booking text not sent');
  }
}

/** E-mails the visitor (when there is an address), keyed; failures are logged, never thrown. */
export async function mailVisitor(deps: Deps, b: Pick<BookingRow, 'id' | 'email'>, subject: string, text: string, key: string) {
  if (!b.email) return;
  try {
    await deps.email.send({ to: b.email, subject, text, idempotencyKey: key });
  } catch (err) {
    deps.log.warn({ err, bookingId: b.id }, 'booking e-mail not sent');
  }
}

/** The reminder job: a standing booking still at the start it was queued for gets an e-mail and a text, once. */
export function registerReminders(deps: Deps, bg: Background, nameOf: (a: AccountRow) => string) {
  bg.queue.register(REMINDER_JOB, async (payload) => {
    const p = payload as { bookingId: number; start: number };
    const b = await calendarRepository.booking(deps.db, p.bookingId);
    // Cancelled or moved since: the move queued its own reminder.
    if (!b || b.status !== 'active' || Number(b.start_at) !== p.start) return;
    const host = await findAccount(deps.db, b.host_id);
    if (!host) return;
    const schedule = toSchedule(await calendarRepository.schedule(deps.db, host.id));
    const mt: Pick<MeetingType, 'name'> = schedule.meetingTypes.find((m) => m.id === b.meeting_type) ?? { name: 'meeting' };
    const at = when(p.start, b.timezone ?? schedule.timezone);
    const key = `booking:${b.id}:reminder:${p.start}`;
    await mailVisitor(
      deps,
      b,
      `Reminder: ${mt.name} with ${nameOf(host)}`,
      `Hello ${b.name},\n\nA reminder: your ${mt.name} with ${nameOf(host)} is on ${at}.`,
      key,
    );
    await textVisitor(deps, host, b, `Reminder: ${mt.name} with ${nameOf(host)} on ${at}.`, key);
  });
}
