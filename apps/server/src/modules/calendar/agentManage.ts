import { TZDate } from '@date-fns/tz';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../platform/http/errors.ts';
import { hostCalendar } from './hostCalendar.ts';
import { findAccount } from '../accounts/index.ts';
import { contactKeyOf } from '../contacts/index.ts';
import { nextFreeTimes, parseAgentTime } from './agent.ts';
import { createBookingManager } from './manage.ts';
import { toSchedule } from './mappers.ts';
import { when } from './notices.ts';
import { calendarRepository, type BookingRow } from './repository.ts';

/** Who the caller is: their number (on a call or text, the number they use) and/or the e-mail they gave. */
export interface CallerIdentity {
  phone?: string | null;
  email?: string | null;
}

export interface AgentManageResult {
  ok: boolean;
  bookings?: { id: number; start: string; meetingType: string }[];
  booking?: { id: number; start: string; status: string };
  freeSlots?: string[];
  summary: string;
}

const keyOrNull = (a: string | null | undefined) => (a ? contactKeyOf(a) : null);

/**
 * The caller's upcoming standing bookings with the agent's organization: those whose phone (normalised
 * to E.164) or e-mail (lower case) is the caller's. Nothing when the caller gave neither.
 */
async function callersBookings(deps: Deps, hostId: number, who: CallerIdentity, now: number): Promise<BookingRow[]> {
  const keys = new Set([keyOrNull(who.phone), keyOrNull(who.email)].filter((k): k is string => k !== null));
  if (!keys.size) return [];
  const rows = await calendarRepository.upcoming(deps.db, hostId, now);
  return rows.filter((b) => [keyOrNull(b.phone), keyOrNull(b.email)].some((k) => k !== null && keys.has(k)));
}

async function hostOf(deps: Deps, agentAccountId: number) {
  const agent = await findAccount(deps.db, agentAccountId);
  if (!agent) return null;
  const hostId = agent.organization_id ?? agent.id;
  const row = await calendarRepository.schedule(deps.db, hostId);
  return row ? { hostId, schedule: toSchedule(row) } : null;
}

const NO_IDENTITY = 'I need the phone number or e-mail address the meeting was booked with.';

/**
 * The agent's find/reschedule/cancel functions (app `schedule`): the caller's booking is looked up by
 * their number or e-mail, then moved or cancelled through the same guarded paths as the manage link
 * (modules/calendar/manage.ts: the host's lock, free-slot check, "just taken" 409 as an answer).
 */
export async function agentManageBooking(
  deps: Deps,
  agentAccountId: number,
  action: { kind: 'find' } | { kind: 'cancel'; bookingId?: number } | { kind: 'reschedule'; time: string; bookingId?: number },
  who: CallerIdentity,
  now = Date.now(),
): Promise<AgentManageResult> {
  const host = await hostOf(deps, agentAccountId);
  if (!host) return { ok: false, summary: 'This business does not keep a calendar, so there is no booking to change.' };
  const tz = host.schedule.timezone;
  const iso = (ms: number) => new TZDate(ms, tz).toISOString();
  if (!who.phone && !who.email) return { ok: false, summary: NO_IDENTITY };
  const mine = await callersBookings(deps, host.hostId, who, now);
  const list = mine.map((b) => ({ id: b.id, start: iso(Number(b.start_at)), meetingType: b.meeting_type }));
  if (action.kind === 'find')
    return mine.length
      ? { ok: true, bookings: list, summary: `You have ${mine.map((b) => when(Number(b.start_at), tz)).join('; ')}.` }
      : { ok: true, bookings: [], summary: 'I found no upcoming booking under that number or e-mail.' };
  const target = action.bookingId != null ? mine.find((b) => b.id === action.bookingId) : mine[0];
  if (!target)
    return {
      ok: false,
      bookings: list,
      summary: mine.length ? 'That booking is not one of yours.' : 'I found no upcoming booking under that number or e-mail.',
    };
  const manager = createBookingManager(deps, hostCalendar(deps, () => now).calendar, () => now);
  const shown = (b: { id: number; start: number; status: string }) => ({ id: b.id, start: iso(b.start), status: b.status });
  try {
    if (action.kind === 'cancel') {
      const r = await manager.cancelByCaller(target);
      return { ok: true, booking: shown(r.booking), summary: `Your booking on ${when(Number(target.start_at), tz)} is cancelled.` };
    }
    const start = parseAgentTime(action.time, tz);
    if (start == null) return offer(deps, host, target, 'Which of these times suits you?', now);
    const r = await manager.rescheduleByCaller(target, start);
    return { ok: true, booking: shown(r.booking), summary: `Your booking is moved to ${when(start, tz)}.` };
  } catch (err) {
    if (err instanceof AppError) return offer(deps, host, target, err.message, now);
    throw err;
  }
}

/** The next free times of the booking's meeting type (the booking's own time counts as free) to offer instead. */
async function offer(
  deps: Deps,
  host: NonNullable<Awaited<ReturnType<typeof hostOf>>>,
  b: BookingRow,
  why: string,
  now: number,
): Promise<AgentManageResult> {
  const { schedule, hostId } = host;
  const mt = schedule.meetingTypes.find((m) => m.id === b.meeting_type) ?? schedule.meetingTypes[0];
  if (!mt) return { ok: false, summary: why };
  return {
    ok: false,
    booking: { id: b.id, start: new TZDate(Number(b.start_at), schedule.timezone).toISOString(), status: b.status },
    ...(await nextFreeTimes(deps, hostId, schedule, mt, why, now, b.id)),
  };
}
