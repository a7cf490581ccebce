import type { BookBody, MeetingType, Schedule } from '@switchboard/core/contracts/calendar';
import crypto from 'node:crypto';
import type { Deps } from '../../deps.ts';
import { toJson } from '../../platform/db/columns.ts';
import { badRequest, notFound } from '../../platform/http/errors.ts';
import { normalizePhone } from '../../platform/http/phone.ts';
import type { CalendarProvider } from '../../platform/providers/calendar/index.ts';
import { findAccountByUsername } from '../accounts/index.ts';
import type { AuthContext } from '../auth/index.ts';
import type { Background } from '../../platform/background.ts';
import { bookSlot, nameOf } from './booking.ts';
import { createConnections } from './connections.ts';
import { withConnectedCalendars } from './hostCalendar.ts';
import { createBookingManager } from './manage.ts';
import { registerReminders, useReminderQueue } from './notices.ts';
import { toBooking, toSchedule } from './mappers.ts';
import { calendarRepository } from './repository.ts';
import { freeSlots, isTimeZone } from './slots.ts';

const DAY = 86_400_000;

export type BookInput = BookBody;

export function createCalendarService(deps: Deps, local: CalendarProvider, now: () => number = Date.now, background?: Background) {
  const { db } = deps;
  const connections = createConnections(deps, now);
  // Availability reads the local calendar and every connected one (Google, Calendly).
  const calendar = withConnectedCalendars(local, connections);
  if (background) {
    useReminderQueue(db, background);
    registerReminders(deps, background, nameOf);
  }

  async function ownView(accountId: number, username: string) {
    const row = await calendarRepository.schedule(db, accountId);
    const upcoming = await calendarRepository.activeBetween(db, accountId, now(), now() + 365 * DAY);
    const connected = await calendarRepository.connectionsOf(db, accountId);
    return {
      success: true as const,
      username,
      schedule: toSchedule(row),
      bookings: upcoming.map(toBooking),
      connections: connected.map((c) => ({ provider: c.provider, status: c.status, mainCalendar: c.main_calendar })),
    };
  }

  /** The host of a public page: a live account by username, and its schedule. */
  async function host(username: string) {
    const account = await findAccountByUsername(db, username);
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
      const phone = input.phone ? normalizePhone(input.phone) : null;
      if (input.phone && !phone) throw badRequest('phone: not a valid phone number', 'phone');
      if (input.timezone && !isTimeZone(input.timezone)) throw badRequest('timezone: not a known time zone', 'timezone');
      const { manageUrl, ...booking } = await bookSlot(deps, calendar, now(), { account, schedule, mt }, { ...input, phone });
      await connections.addEvent(account.id, {
        start: booking.start,
        end: booking.end,
        title: `${mt.name} with ${booking.name}`,
        key: `booking:${booking.id}`,
        attendeeEmail: booking.email || undefined,
      });
      const { email: _e, phone: _p, notes: _n, ...visible } = booking;
      return { success: true as const, booking: visible, manageUrl };
    },

    /** Cancelling and rescheduling, by the host or through the visitor's manage link. */
    manage: createBookingManager(deps, calendar, now),

    /** Google Calendar and Calendly connections. */
    connections,
  };
}

export type CalendarService = ReturnType<typeof createCalendarService>;
