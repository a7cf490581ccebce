import { TZDate } from '@date-fns/tz';
import type { Schedule } from '@switchboard/core/contracts/calendar';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../platform/http/errors.ts';
import { findAccount } from '../accounts/index.ts';
import { bookSlot, when } from './booking.ts';
import { hostCalendar } from './hostCalendar.ts';
import { toSchedule } from './mappers.ts';
import { calendarRepository } from './repository.ts';
import { freeSlots } from './slots.ts';

const DAY = 86_400_000;

/** A time the agent passes: ISO 8601 with an offset, or a wall-clock `YYYY-MM-DDTHH:mm` read in the host's zone. */
export function parseAgentTime(text: string, tz: string): number | null {
  const t = text.trim();
  const m = t.match(/^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::\d{2})?$/);
  if (m) return new TZDate(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), tz).getTime();
  if (/^\d{4}-\d{2}-\d{2}T.*(Z|[+-]\d{2}:?\d{2})$/.test(t)) {
    const ms = Date.parse(t);
    return Number.isNaN(ms) ? null : ms;
  }
  return null;
}

const iso = (ms: number, tz: string) => new TZDate(ms, tz).toISOString();

/**
 * The next five free times of a meeting type in the coming week (busy: the local calendar and standing
 * bookings, `except` one booking that counts as free — the one being moved), as ISO times in the host's
 * zone and as words, with the sentence the agent says.
 */
export async function nextFreeTimes(
  deps: Deps,
  hostId: number,
  schedule: Schedule,
  mt: Schedule['meetingTypes'][number],
  why: string,
  now: number,
  except?: number,
): Promise<{ freeSlots: string[]; summary: string }> {
  const busy = [
    ...(await hostCalendar(deps, () => now).calendar.busy(hostId, now, now + 8 * DAY)),
    ...(await calendarRepository.activeBetween(deps.db, hostId, now, now + 8 * DAY))
      .filter((b) => b.id !== except)
      .map((b) => ({ start: Number(b.start_at), end: Number(b.end_at) })),
  ];
  const next = freeSlots(schedule, mt, busy, now, now, now + 7 * DAY).slice(0, 5);
  const words = next.map((s) => when(s.start, schedule.timezone));
  return {
    freeSlots: next.map((s) => iso(s.start, schedule.timezone)),
    summary: next.length ? `${why} Free times: ${words.join('; ')}.` : `${why} There are no free times in the next week.`,
  };
}

export interface AgentBooking {
  ok: boolean;
  booked: boolean;
  start?: string;
  freeSlots: string[];
  summary: string;
}

/**
 * The agent's schedule function with real availability: when the agent's organization keeps a schedule,
 * the time asked for is booked if it is free (the same guarded booking as the public page); otherwise
 * the next free slots are offered. Null when the organization has no schedule (the request is only recorded).
 */
export async function agentBooking(
  deps: Deps,
  agentAccountId: number,
  req: { time: string; name: string | null; phone: string | null; reason: string | null },
  now = Date.now(),
): Promise<AgentBooking | null> {
  const agent = await findAccount(deps.db, agentAccountId);
  if (!agent) return null;
  const hostId = agent.organization_id ?? agent.id;
  const row = await calendarRepository.schedule(deps.db, hostId);
  const account = await findAccount(deps.db, hostId);
  if (!row || !account) return null;
  const schedule: Schedule = toSchedule(row);
  const mt = schedule.meetingTypes[0];
  if (!mt) return null;
  const { calendar, connections } = hostCalendar(deps, () => now);
  const offer = async (why: string): Promise<AgentBooking> => ({
    ok: false,
    booked: false,
    ...(await nextFreeTimes(deps, hostId, schedule, mt, why, now)),
  });
  const start = parseAgentTime(req.time, schedule.timezone);
  if (start == null) return offer('Which of these times suits you?');
  try {
    const b = await bookSlot(
      deps,
      calendar,
      now,
      { account, schedule, mt },
      { start, name: req.name || req.phone || 'Caller', phone: req.phone, notes: req.reason ?? '' },
    );
    await connections.addEvent(hostId, { start: b.start, end: b.end, title: `${mt.name} with ${b.name}`, key: `booking:${b.id}` });
    return {
      ok: true,
      booked: true,
      start: iso(b.start, schedule.timezone),
      freeSlots: [],
      summary: `You're booked for ${when(b.start, schedule.timezone)}.`,
    };
  } catch (err) {
    if (err instanceof AppError) return offer(`${err.message}`);
    throw err;
  }
}
