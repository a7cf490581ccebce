import { describe, expect, it } from 'vitest';
import type { Schedule } from '@switchboard/core/contracts/calendar';
import { freeSlots } from './slots.ts';

/** Slot computation across time zones and daylight-saving changes (pure: no clock, no database). */
const iso = (ms: number) => new Date(ms).toISOString();
const at = (s: string) => Date.parse(s);
const weekdays = (start: string, end: string): Schedule['hours'] => {
  const h = [{ start, end }];
  return { sun: [], mon: h, tue: h, wed: h, thu: h, fri: h, sat: [] };
};
const call = { id: 'call', name: 'Call', minutes: 30, bufferMinutes: 0, noticeMinutes: 0, horizonDays: 30 };

describe('free slots', () => {
  it('keeps 09:00 local across the end of daylight saving in New York (EDT → EST)', () => {
    const s: Schedule = { timezone: 'America/New_York', hours: weekdays('09:00', '10:00'), meetingTypes: [call] };
    const now = at('2026-10-30T00:00:00Z');
    const slots = freeSlots(s, call, [], now, now, at('2026-11-03T00:00:00Z')).map((x) => iso(x.start));
    expect(slots).toEqual(['2026-10-30T13:00:00.000Z', '2026-10-30T13:30:00.000Z', '2026-11-02T14:00:00.000Z', '2026-11-02T14:30:00.000Z']);
  });

  it('keeps 09:00 local across the start of daylight saving in Berlin (CET → CEST) and reads weekdays there', () => {
    const s: Schedule = {
      timezone: 'Europe/Berlin',
      hours: { ...weekdays('09:00', '09:30'), sun: [{ start: '23:30', end: '24:00' }] },
      meetingTypes: [call],
    };
    const now = at('2026-03-27T00:00:00Z');
    const slots = freeSlots(s, call, [], now, now, at('2026-03-31T00:00:00Z')).map((x) => iso(x.start));
    // Friday 09:00 CET = 08:00Z; Sunday 23:30 CEST = 21:30Z (still Sunday in Berlin); Monday 09:00 CEST = 07:00Z.
    expect(slots).toEqual(['2026-03-27T08:00:00.000Z', '2026-03-29T21:30:00.000Z', '2026-03-30T07:00:00.000Z']);
  });

  it('reads a host east of UTC whose day starts the previous UTC day', () => {
    const s: Schedule = {
      timezone: 'Pacific/Auckland',
      hours: { sun: [], mon: [{ start: '08:00', end: '08:30' }], tue: [], wed: [], thu: [], fri: [], sat: [] },
      meetingTypes: [call],
    };
    const now = at('2026-11-22T00:00:00Z');
    const slots = freeSlots(s, call, [], now, now, at('2026-11-30T00:00:00Z')).map((x) => iso(x.start));
    // Monday 23 November 08:00 NZDT (UTC+13) is Sunday 22 November 19:00Z.
    expect(slots).toEqual(['2026-11-22T19:00:00.000Z', '2026-11-29T19:00:00.000Z']);
  });

  it('leaves out busy times with their buffer, and slots inside the notice or beyond the horizon', () => {
    const mt = { ...call, bufferMinutes: 15, noticeMinutes: 60, horizonDays: 1 };
    const s: Schedule = {
      timezone: 'UTC',
      hours: {
        sun: [],
        mon: [{ start: '09:00', end: '12:00' }],
        tue: [{ start: '09:00', end: '12:00' }],
        wed: [],
        thu: [],
        fri: [],
        sat: [],
      },
      meetingTypes: [mt],
    };
    const now = at('2026-11-23T08:30:00Z'); // a Monday
    const busy = [{ start: at('2026-11-23T10:40:00Z'), end: at('2026-11-23T11:00:00Z') }];
    const slots = freeSlots(s, mt, busy, now, now, now + 7 * 86_400_000).map((x) => iso(x.start).slice(0, 16));
    expect(slots).toEqual([
      // 09:00 is inside the hour of notice; 10:00 and 10:30 touch the busy time's buffer; 11:00 its buffer too.
      '2026-11-23T09:30',
      '2026-11-23T11:30',
      // The horizon is one day: Tuesday up to 08:30 has nothing.
    ]);
  });
});
