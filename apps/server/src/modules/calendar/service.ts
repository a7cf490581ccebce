import { displayName } from '@switchboard/core';
import type { MeetingType, Schedule } from '@switchboard/core/contracts/calendar';
import crypto from 'node:crypto';
import type { Deps } from '../../deps.ts';
import { fromJson, lockUntilCommit, toJson } from '../../platform/db/columns.ts';
import { badRequest, conflict, notFound, ruleBroken } from '../../platform/http/errors.ts';
import { normalizePhone } from '../../platform/http/phone.ts';
import type { CalendarProvider } from '../../platform/providers/calendar/index.ts';
import { accountsRepository, type AccountRow } from '../accounts/index.ts';
import type { AuthContext } from '../auth/index.ts';
import { addNotification } from '../notifications/index.ts';
import { inviteIcs } from './ics.ts';
import { toBooking, toSchedule } from './mappers.ts';
import { calendarRepository, isUniqueViolation } from './repository.ts';
import { bookableWindow, freeSlots, isTimeZone } from './slots.ts';

const DAY = 86_400_000;
export const JUST_TAKEN = 'That time was just taken.';

export interface BookInput {
  meetingType: string;
  start: number;
  name: string;
  email: string;
  phone?: string;
  notes?: string;
  timezone?: string;
}

const nameOf = (a: AccountRow) =>
  displayName({
    accountType: a.account_type,
    details: fromJson(a.details, {}),
    name: a.name,
    accountName: a.account_name,
    username: a.username,
  });

/** Formats an instant for a confirmation, in a time zone (Intl formats; it computes nothing). */
const when = (ms: number, tz: string) =>
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

export function createCalendarService(deps: Deps, calendar: CalendarProvider, now: () => number = Date.now) {
  const { db } = deps;

  async function ownView(accountId: number, username: string) {
    const row = await calendarRepository.schedule(db, accountId);
    const upcoming = await calendarRepository.activeBetween(db, accountId, now(), now() + 365 * DAY);
    return { success: true as const, username, schedule: toSchedule(row), bookings: upcoming.map(toBooking) };
  }

  /** The host of a public page: a live account by username, and its schedule. */
  async function host(username: string) {
    const account = await accountsRepository.findByUsername(db, username);
    if (!account || account.disabled_at || account.temp_user) throw notFound('No one to book with at this address.');
    return { account, schedule: toSchedule(await calendarRepository.schedule(db, account.id)) };
  }

  function typeOf(s: Schedule, id: string | undefined): MeetingType | null {
    if (!id) return s.meetingTypes[0] ?? null;
    const mt = s.meetingTypes.find((m) => m.id === id);
    if (!mt) throw notFound('This meeting type does not exist.');
    return mt;
  }

  async function busy(hostId: number, from: number, to: number) {
    const [events, bookings] = await Promise.all([calendar.busy(hostId, from, to), calendarRepository.activeBetween(db, hostId, from, to)]);
    return [...events, ...bookings.map((b) => ({ start: Number(b.start_at), end: Number(b.end_at) }))];
  }

  return {
    async get(ctx: AuthContext) {
      await deps.requireAccess(ctx, 'schedule.view');
      return ownView(ctx.acting.id, ctx.acting.username);
    },

    async save(ctx: AuthContext, input: Partial<Schedule>) {
      await deps.requireAccess(ctx, 'schedule.edit');
      if (input.timezone !== undefined && !isTimeZone(input.timezone)) throw badRequest('timezone: not a known time zone', 'timezone');
      const current = toSchedule(await calendarRepository.schedule(db, ctx.acting.id));
      const next = { ...current, ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) } as Schedule;
      await calendarRepository.saveSchedule(db, {
        account_id: ctx.acting.id,
        timezone: next.timezone,
        hours: toJson(next.hours),
        meeting_types: toJson(next.meetingTypes),
        updated_at: now(),
      });
      return ownView(ctx.acting.id, ctx.acting.username);
    },

    async addEvent(ctx: AuthContext, e: { start: number; end: number; title: string }) {
      await deps.requireAccess(ctx, 'schedule.edit');
      if (e.end <= e.start) throw badRequest('end: must be after the start', 'end');
      const key = `manual:${crypto.randomUUID()}`;
      const { id } = await calendar.addEvent(ctx.acting.id, { ...e, key });
      return { success: true as const, event: { id, ...e } };
    },

    /** The host's free slots for the public page (no sign-in). */
    async slots(username: string, q: { meetingType?: string; from?: number; days?: number }) {
      const { account, schedule } = await host(username);
      const mt = typeOf(schedule, q.meetingType);
      const from = q.from ?? now();
      const to = from + (q.days ?? 14) * DAY;
      const slots = mt ? freeSlots(schedule, mt, await busy(account.id, from - DAY, to + DAY), now(), from, to) : [];
      return {
        success: true as const,
        host: { username: account.username, name: nameOf(account) },
        timezone: schedule.timezone,
        meetingType: mt,
        meetingTypes: schedule.meetingTypes.map(({ id, name, minutes }) => ({ id, name, minutes })),
        slots,
      };
    },

    /**
     * Books a slot. It must be one of the host's free slots; then, holding the host's lock (an advisory
     * lock on PostgreSQL; SQLite writes one transaction at a time), the standing bookings are read again
     * and the booking inserted, with the unique index on (host, start) of standing bookings as the last
     * guard. Whoever comes second gets 409 "That time was just taken."
     */
    async book(username: string, input: BookInput) {
      const { account, schedule } = await host(username);
      const mt = typeOf(schedule, input.meetingType)!;
      const end = input.start + mt.minutes * 60_000;
      const buffer = mt.bufferMinutes * 60_000;
      const phone = input.phone ? normalizePhone(input.phone) : null;
      if (input.phone && !phone) throw badRequest('phone: not a valid phone number', 'phone');
      if (input.timezone && !isTimeZone(input.timezone)) throw badRequest('timezone: not a known time zone', 'timezone');
      const { earliest, latest } = bookableWindow(mt, now());
      if (input.start < earliest || input.start > latest) throw ruleBroken('That time can no longer be booked.', 'start');
      const open = freeSlots(schedule, mt, await calendar.busy(account.id, input.start - DAY, end + DAY), now(), input.start, input.start);
      if (!open.some((s) => s.start === input.start)) {
        const taken = await calendarRepository.activeBetween(db, account.id, input.start - buffer, end + buffer);
        if (taken.length) throw conflict(JUST_TAKEN, 'start');
        throw ruleBroken('That time is not open for booking.', 'start');
      }
      const booking = await db
        .transaction()
        .execute(async (trx) => {
          await lockUntilCommit(trx, `bookings:${account.id}`);
          const clash = await calendarRepository.activeBetween(trx, account.id, input.start - buffer, end + buffer);
          if (clash.length) throw conflict(JUST_TAKEN, 'start');
          const row = await calendarRepository.insertBooking(trx, {
            host_id: account.id,
            meeting_type: mt.id,
            start_at: input.start,
            end_at: end,
            active_start: input.start,
            name: input.name,
            email: input.email.toLowerCase(),
            phone,
            notes: input.notes ?? '',
            timezone: input.timezone ?? null,
            status: 'active',
            created_at: now(),
          });
          await addNotification(trx, {
            accountId: account.id,
            kind: 'booking',
            title: `${input.name} booked ${mt.name}`,
            body: when(input.start, schedule.timezone),
            data: { bookingId: row.id, start: input.start },
          });
          return row;
        })
        .catch((err: unknown) => {
          if (isUniqueViolation(err)) throw conflict(JUST_TAKEN, 'start');
          throw err;
        });
      await this.confirm(account, mt, toBooking(booking), input.timezone ?? schedule.timezone);
      const { email: _e, phone: _p, notes: _n, ...visible } = toBooking(booking);
      return { success: true as const, booking: visible };
    },

    /** The confirmation e-mail with an .ics invite; its key is the booking's, so a retry never sends twice. */
    async confirm(host: AccountRow, mt: MeetingType, b: ReturnType<typeof toBooking>, tz: string) {
      const hostName = nameOf(host);
      const text = [
        `Hello ${b.name},`,
        '',
        `Your ${mt.name} with ${hostName} is booked for ${when(b.start, tz)} (${mt.minutes} minutes).`,
        'The invitation is attached.',
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
    },
  };
}

export type CalendarService = ReturnType<typeof createCalendarService>;
