import { displayName } from '@switchboard/core';
import type { MeetingType, Schedule } from '@switchboard/core/contracts/calendar';
import type { Deps } from '../../deps.ts';
import { fromJson, lockUntilCommit } from '../../platform/db/columns.ts';
import { conflict, ruleBroken } from '../../platform/http/errors.ts';
import type { CalendarProvider } from '../../platform/providers/calendar/index.ts';
import type { AccountRow } from '../accounts/index.ts';
import { addNotification } from '../notifications/index.ts';
import { emitWebhookEvent } from '../webhooks/index.ts';
import crypto from 'node:crypto';
import { inviteIcs } from './ics.ts';
import { manageLink, queueReminder, textVisitor, when } from './notices.ts';
import { toBooking } from './mappers.ts';
import { calendarRepository, isUniqueViolation } from './repository.ts';
import { bookableWindow, freeSlots } from './slots.ts';

const DAY = 86_400_000;
export const JUST_TAKEN = 'That time was just taken.';

export const nameOf = (a: AccountRow) =>
  displayName({
    accountType: a.account_type,
    details: fromJson(a.details, {}),
    name: a.name,
    accountName: a.account_name,
    username: a.username,
  });

export { when };

export interface SlotRequest {
  start: number;
  name: string;
  /** The visitor's e-mail; without one (a caller booking through the agent) no e-mail confirmation goes out. */
  email?: string | null;
  /** Already normalised to E.164. */
  phone: string | null;
  notes?: string;
  timezone?: string;
}

/**
 * Books a slot. It must be one of the host's free slots; then, holding the host's lock (an advisory
 * lock on PostgreSQL; SQLite writes one transaction at a time), the standing bookings are read again
 * and the booking inserted, with the unique index on (host, start) of standing bookings as the last
 * guard. Whoever comes second gets 409 "That time was just taken."
 */
export async function bookSlot(
  deps: Deps,
  calendar: CalendarProvider,
  now: number,
  host: { account: AccountRow; schedule: Schedule; mt: MeetingType },
  input: SlotRequest,
) {
  const { db } = deps;
  const { account, schedule, mt } = host;
  const end = input.start + mt.minutes * 60_000;
  const buffer = mt.bufferMinutes * 60_000;
  const { earliest, latest } = bookableWindow(mt, now);
  if (input.start < earliest || input.start > latest) throw ruleBroken('That time can no longer be booked.', 'start');
  const open = freeSlots(schedule, mt, await calendar.busy(account.id, input.start - DAY, end + DAY), now, input.start, input.start);
  if (!open.some((s) => s.start === input.start)) {
    const taken = await calendarRepository.activeBetween(db, account.id, input.start - buffer, end + buffer);
    if (taken.length) throw conflict(JUST_TAKEN, 'start');
    throw ruleBroken('That time is not open for booking.', 'start');
  }
  // The visitor's manage-link token: only its hash is stored; the link goes out in the confirmation.
  const token = crypto.randomBytes(18).toString('base64url');
  const row = await db
    .transaction()
    .execute(async (trx) => {
      await lockUntilCommit(trx, `bookings:${account.id}`);
      const clash = await calendarRepository.activeBetween(trx, account.id, input.start - buffer, end + buffer);
      if (clash.length) throw conflict(JUST_TAKEN, 'start');
      const hashed = crypto.createHash('sha256').update(token).digest('hex');
      const inserted = await calendarRepository.insertBooking(trx, {
        host_id: account.id,
        meeting_type: mt.id,
        start_at: input.start,
        end_at: end,
        active_start: input.start,
        name: input.name,
        email: (input.email ?? '').toLowerCase(),
        phone: input.phone,
        notes: input.notes ?? '',
        timezone: input.timezone ?? null,
        status: 'active',
        created_at: now,
        manage_token_hash: hashed,
        cancelled_at: null,
      });
      await queueReminder(deps, trx, { id: inserted.id, start: input.start }, now);
      await addNotification(trx, {
        accountId: account.id,
        kind: 'booking',
        title: `${input.name} booked ${mt.name}`,
        body: when(input.start, schedule.timezone),
        data: { bookingId: inserted.id, start: input.start },
      });
      await emitWebhookEvent(trx, {
        accountId: account.id,
        type: 'meeting.booked',
        key: `meeting.booked:${inserted.id}`,
        data: { booking: toBooking(inserted), meetingType: mt.id },
      });
      return inserted;
    })
    .catch((err: unknown) => {
      if (isUniqueViolation(err)) throw conflict(JUST_TAKEN, 'start');
      throw err;
    });
  const booking = toBooking(row);
  const tz = input.timezone ?? schedule.timezone;
  const link = manageLink(deps, account, booking.id, token);
  if (booking.email) await confirmBooking(deps, account, mt, booking, tz, link);
  await textVisitor(
    deps,
    account,
    row,
    `Booked: ${mt.name} with ${nameOf(account)} on ${when(booking.start, tz)}. To reschedule or cancel: ${link}`,
    `booking:${booking.id}:confirmation`,
  );
  return Object.assign(booking, { manageUrl: link });
}

/** The confirmation e-mail with an .ics invite; its key is the booking's, so a retry never sends twice. */
async function confirmBooking(deps: Deps, host: AccountRow, mt: MeetingType, b: ReturnType<typeof toBooking>, tz: string, link: string) {
  const hostName = nameOf(host);
  const text = [
    `Hello ${b.name},`,
    '',
    `Your ${mt.name} with ${hostName} is booked for ${when(b.start, tz)} (${mt.minutes} minutes).`,
    'The invitation is attached.',
    '',
    `To reschedule or cancel: ${link}`,
  ].join('\n');
  const ics = inviteIcs({
    uid: `booking-${b.id}@switchboard`,
    start: b.start,
    end: b.end,
    summary: `${mt.name} with ${hostName}`,
    description: b.notes,
    organizer: { name: hostName, email: host.email ?? deps.config.MAIL_FROM.replace(/^.*<([^>]+)>.*$/, '$1') },
    attendee: { name: b.name, email: b.email },
  });
  try {
    await deps.email.send({
      to: b.email,
      subject: `Booked: ${mt.name} with ${hostName}`,
      text,
      idempotencyKey: `booking:${b.id}:confirmation`,
      attachments: [{ filename: 'invite.ics', contentType: 'text/calendar; method=REQUEST; charset=utf-8', content: ics }],
    });
  } catch (err) {
    // The booking stands; the outbox row records the failed send.
    deps.log.warn({ err, bookingId: b.id }, 'booking confirmation not sent');
  }
}
