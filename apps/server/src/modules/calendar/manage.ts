import crypto from 'node:crypto';
import type { Schedule } from '@switchboard/core/contracts/calendar';
import type { DbOrTx } from '../../db.ts';
import type { Deps } from '../../deps.ts';
import { lockUntilCommit } from '../../platform/db/columns.ts';
import { conflict, notFound, ruleBroken } from '../../platform/http/errors.ts';
import type { CalendarProvider } from '../../platform/providers/calendar/index.ts';
import { findAccount, type AccountRow } from '../accounts/index.ts';
import type { AuthContext } from '../auth/index.ts';
import { addNotification } from '../notifications/index.ts';
import { emitWebhookEvent } from '../webhooks/index.ts';
import { JUST_TAKEN, nameOf } from './booking.ts';
import { createConnections } from './connections.ts';
import { toBooking, toSchedule } from './mappers.ts';
import { mailVisitor, queueReminder, textVisitor, when } from './notices.ts';
import { calendarRepository, isUniqueViolation, type BookingRow } from './repository.ts';
import { bookableWindow, freeSlots } from './slots.ts';

const DAY = 86_400_000;
const GONE = 'This booking does not exist or the link is no longer valid.';

/**
 * Cancelling and rescheduling a booking, by its host (signed in, `schedule.edit`, only its own
 * bookings) or by the visitor through the manage link's token (compared by its SHA-256 in constant
 * time). A move takes the host's lock, checks the new time is one of the host's free slots not counting
 * the booking itself, and is guarded by the unique (host, start) index like a booking; the reminder for
 * the new start is queued in the same transaction, and the old one finds the start changed and sends nothing.
 */
export function createBookingManager(deps: Deps, calendar: CalendarProvider, now: () => number) {
  const { db } = deps;
  const connections = createConnections(deps, now);

  async function own(ctx: AuthContext, id: number): Promise<BookingRow> {
    await deps.requireAccess(ctx, 'schedule.edit');
    const b = await calendarRepository.booking(db, id);
    if (!b || b.host_id !== ctx.acting.id) throw notFound('Booking not found.');
    return b;
  }

  async function byToken(id: number, token: string): Promise<BookingRow> {
    const b = await calendarRepository.booking(db, id);
    const given = crypto.createHash('sha256').update(token).digest();
    if (!b?.manage_token_hash || !crypto.timingSafeEqual(Buffer.from(b.manage_token_hash, 'hex'), given)) throw notFound(GONE);
    return b;
  }

  async function context(b: BookingRow): Promise<{ host: AccountRow; schedule: Schedule }> {
    const host = await findAccount(db, b.host_id);
    if (!host) throw notFound(GONE);
    return { host, schedule: toSchedule(await calendarRepository.schedule(db, host.id)) };
  }

  async function cancel(b: BookingRow, by: 'host' | 'visitor') {
    const { host, schedule } = await context(b);
    const done = await db.transaction().execute(async (trx) => {
      if (!(await calendarRepository.cancel(trx, b.id, now()))) return false;
      await emitWebhookEvent(trx, {
        accountId: host.id,
        type: 'meeting.cancelled',
        key: `meeting.cancelled:${b.id}`,
        data: { booking: toBooking((await calendarRepository.booking(trx, b.id))!), by },
      });
      if (by === 'visitor')
        await addNotification(trx, {
          accountId: host.id,
          kind: 'booking',
          title: `${b.name} cancelled`,
          body: when(Number(b.start_at), schedule.timezone),
          data: { bookingId: b.id, start: Number(b.start_at), cancelled: true },
        });
      return true;
    });
    if (!done) throw ruleBroken('This booking is already cancelled.', 'id');
    await connections.changeEvent(host.id, `booking:${b.id}`, 'cancelled');
    const at = when(Number(b.start_at), b.timezone ?? schedule.timezone);
    const key = `booking:${b.id}:cancelled`;
    await mailVisitor(
      deps,
      b,
      `Cancelled: your meeting with ${nameOf(host)}`,
      `Hello ${b.name},\n\nYour meeting with ${nameOf(host)} on ${at} is cancelled.`,
      key,
    );
    await textVisitor(deps, host, b, `Cancelled: your meeting with ${nameOf(host)} on ${at}.`, key);
    return { success: true as const, booking: toBooking((await calendarRepository.booking(db, b.id))!) };
  }

  async function reschedule(b: BookingRow, start: number) {
    if (b.status !== 'active') throw ruleBroken('This booking is cancelled.', 'id');
    const { host, schedule } = await context(b);
    const mt = schedule.meetingTypes.find((m) => m.id === b.meeting_type);
    if (!mt) throw ruleBroken('This meeting type no longer exists; book a new time instead.', 'start');
    const end = start + mt.minutes * 60_000;
    const buffer = mt.bufferMinutes * 60_000;
    const t = now();
    const { earliest, latest } = bookableWindow(mt, t);
    if (start < earliest || start > latest) throw ruleBroken('That time can no longer be booked.', 'start');
    const others = async (trx: DbOrTx) =>
      (await calendarRepository.activeBetween(trx, host.id, start - buffer - DAY, end + buffer + DAY)).filter((o) => o.id !== b.id);
    const busy = [
      ...(await calendar.busy(host.id, start - DAY, end + DAY)),
      ...(await others(db)).map((o) => ({ start: Number(o.start_at), end: Number(o.end_at) })),
    ];
    if (!freeSlots(schedule, mt, busy, t, start, start).some((s) => s.start === start)) {
      const taken = (await others(db)).some((o) => Number(o.start_at) < end + buffer && Number(o.end_at) > start - buffer);
      if (taken) throw conflict(JUST_TAKEN, 'start');
      throw ruleBroken('That time is not open for booking.', 'start');
    }
    await db
      .transaction()
      .execute(async (trx) => {
        await lockUntilCommit(trx, `bookings:${host.id}`);
        const clash = (await calendarRepository.activeBetween(trx, host.id, start - buffer, end + buffer)).filter((o) => o.id !== b.id);
        if (clash.length) throw conflict(JUST_TAKEN, 'start');
        await calendarRepository.move(trx, b.id, start, end);
        await emitWebhookEvent(trx, {
          accountId: host.id,
          type: 'meeting.rescheduled',
          key: `meeting.rescheduled:${b.id}:${start}`,
          data: { booking: toBooking((await calendarRepository.booking(trx, b.id))!), previousStart: Number(b.start_at) },
        });
        await queueReminder(deps, trx, { id: b.id, start }, t);
      })
      .catch((err: unknown) => {
        if (isUniqueViolation(err)) throw conflict(JUST_TAKEN, 'start');
        throw err;
      });
    await connections.changeEvent(host.id, `booking:${b.id}`, { start, end });
    const at = when(start, b.timezone ?? schedule.timezone);
    const key = `booking:${b.id}:moved:${start}`;
    await mailVisitor(
      deps,
      b,
      `Moved: ${mt.name} with ${nameOf(host)}`,
      `Hello ${b.name},\n\nYour ${mt.name} with ${nameOf(host)} is now on ${at}.`,
      key,
    );
    await textVisitor(deps, host, b, `Moved: ${mt.name} with ${nameOf(host)} is now on ${at}.`, key);
    return { success: true as const, booking: toBooking((await calendarRepository.booking(db, b.id))!) };
  }

  /** What the visitor's manage page shows: the booking without the visitor's contact details, and its host. */
  const publicView = async (b: BookingRow) => {
    const { host, schedule } = await context(b);
    const { email: _e, phone: _p, notes: _n, ...booking } = toBooking(b);
    const mt = schedule.meetingTypes.find((m) => m.id === b.meeting_type);
    return {
      success: true as const,
      booking,
      host: { username: host.username, name: nameOf(host) },
      meetingType: mt?.name ?? b.meeting_type,
    };
  };

  return {
    /** The caller, through the agent (modules/calendar/agentManage.ts, which found the booking by the caller's number or e-mail). */
    cancelByCaller: (b: BookingRow) => cancel(b, 'visitor'),
    rescheduleByCaller: (b: BookingRow, start: number) => reschedule(b, start),
    cancelOwn: async (ctx: AuthContext, id: number) => cancel(await own(ctx, id), 'host'),
    rescheduleOwn: async (ctx: AuthContext, id: number, start: number) => reschedule(await own(ctx, id), start),
    view: async (id: number, token: string) => publicView(await byToken(id, token)),
    cancelByToken: async (id: number, token: string) => {
      const r = await cancel(await byToken(id, token), 'visitor');
      return publicView(await calendarRepository.booking(db, r.booking.id).then((x) => x!));
    },
    rescheduleByToken: async (id: number, token: string, start: number) => {
      const r = await reschedule(await byToken(id, token), start);
      return publicView(await calendarRepository.booking(db, r.booking.id).then((x) => x!));
    },
  };
}
