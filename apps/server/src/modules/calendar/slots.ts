import { TZDate } from '@date-fns/tz';
import { addDays, startOfDay } from 'date-fns';
import { WEEKDAYS, type MeetingType, type Schedule } from '@switchboard/core/contracts/calendar';
import type { BusyTime } from '../../platform/providers/calendar/index.ts';

const MINUTE = 60_000;
const DAY = 86_400_000;

/** Whether a time zone name is one the runtime knows (IANA). */
export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** The window a meeting type may be booked in, seen at `now`: from the notice to the horizon. */
export function bookableWindow(mt: MeetingType, now: number): { earliest: number; latest: number } {
  return { earliest: now + mt.noticeMinutes * MINUTE, latest: now + mt.horizonDays * DAY };
}

/**
 * Free slots of one meeting type between `from` and `to`: each weekday's working hours, read as wall
 * clock times in the host's time zone (date-fns with @date-fns/tz, so a daylight-saving change moves the
 * instants and not the hours), cut into meetings of the type's length, keeping only those that start
 * inside the notice/horizon window and keep the buffer clear of every busy time.
 */
export function freeSlots(
  s: Schedule,
  mt: MeetingType,
  busy: BusyTime[],
  now: number,
  from: number,
  to: number,
): { start: number; end: number }[] {
  const { earliest, latest } = bookableWindow(mt, now);
  const lo = Math.max(from, earliest);
  const hi = Math.min(to, latest);
  const length = mt.minutes * MINUTE;
  const buffer = mt.bufferMinutes * MINUTE;
  const out: { start: number; end: number }[] = [];
  if (lo > hi) return out;
  for (let day = startOfDay(new TZDate(lo, s.timezone)); day.getTime() <= hi; day = addDays(day, 1)) {
    const y = day.getFullYear();
    const m = day.getMonth();
    const d = day.getDate();
    for (const interval of s.hours[WEEKDAYS[day.getDay()]!] ?? []) {
      const [sh, sm] = interval.start.split(':').map(Number) as [number, number];
      const [eh, em] = interval.end.split(':').map(Number) as [number, number];
      const open = new TZDate(y, m, d, sh, sm, s.timezone).getTime();
      const close = new TZDate(y, m, d, eh, em, s.timezone).getTime();
      for (let start = open; start + length <= close; start += length) {
        if (start < lo || start > hi) continue;
        const end = start + length;
        if (busy.some((b) => b.start < end + buffer && b.end > start - buffer)) continue;
        out.push({ start, end });
      }
    }
  }
  return out;
}

/** A new host's schedule: weekdays 09:00–17:00 and a 30-minute call. */
export function defaultSchedule(timezone = 'UTC'): Schedule {
  const nine = [{ start: '09:00', end: '17:00' }];
  return {
    timezone,
    hours: { sun: [], mon: nine, tue: nine, wed: nine, thu: nine, fri: nine, sat: [] },
    meetingTypes: [{ id: 'call', name: '30-minute call', minutes: 30, bufferMinutes: 0, noticeMinutes: 120, horizonDays: 30 }],
  };
}
