import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../../testing/harness.ts';
import { agentBooking } from './index.ts';

/** Schedules, public slots and bookings through the HTTP API, on SQLite and PostgreSQL. */
let t: TestApp;
let org: Session;
let other: Session;
let host: string;

const always = [{ start: '00:00', end: '24:00' }];
const allWeek = { sun: always, mon: always, tue: always, wed: always, thu: always, fri: always, sat: always };
const call = { id: 'call', name: 'Intro call', minutes: 30, bufferMinutes: 0, noticeMinutes: 0, horizonDays: 30 };
const long = { id: 'long', name: 'Deep dive', minutes: 60, bufferMinutes: 30, noticeMinutes: 0, horizonDays: 30 };

beforeAll(async () => {
  t = await createTestApp();
  org = await t.signUp('owner@calendar.test', { businessName: 'Calendar Co' });
  other = await t.signUp('owner@other-calendar.test', { businessName: 'Other Co' });
});
afterAll(async () => {
  await t.close();
});

const slots = async (query: Record<string, unknown> = {}) =>
  (await t.request('GET', `/api/v1/schedule/${host}/slots`, { query })).body.slots as { start: number; end: number }[];
const book = (body: Record<string, unknown>) =>
  t.request('POST', `/api/v1/schedule/${host}/book`, { body: { name: 'Vera Visitor', email: 'Vera@Example.com', ...body } });

describe('schedule', () => {
  it('starts with weekday hours and one meeting type, and saves what is given', async () => {
    const first = await t.request('GET', '/api/v1/schedule', { token: org.token });
    expect(first.status).toBe(200);
    expect(first.body.schedule.hours.mon).toEqual([{ start: '09:00', end: '17:00' }]);
    expect(first.body.schedule.meetingTypes).toHaveLength(1);
    host = first.body.username;
    const saved = await t.request('POST', '/api/v1/schedule', {
      token: org.token,
      body: { timezone: 'UTC', hours: allWeek, meetingTypes: [call, long] },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.schedule).toEqual({ timezone: 'UTC', hours: allWeek, meetingTypes: [call, long] });
    const tz = await t.request('POST', '/api/v1/schedule', { token: org.token, body: { timezone: 'America/Nowhere' } });
    expect(tz.body.field).toBe('timezone');
    expect((await t.request('GET', '/api/v1/schedule', { token: org.token })).body.schedule.timezone).toBe('UTC');
  });

  it('refuses malformed schedules naming the field', async () => {
    const bad = async (body: Record<string, unknown>) =>
      (await t.request('POST', '/api/v1/schedule', { token: org.token, body })).body.field;
    expect(await bad({ hours: { ...allWeek, mon: [{ start: '10:00', end: '09:00' }] } })).toBe('hours.mon.0.end');
    expect(await bad({ hours: { ...allWeek, tue: [{ start: '9am', end: '10:00' }] } })).toBe('hours.tue.0.start');
    expect(await bad({ meetingTypes: [{ ...call, minutes: 0 }] })).toBe('meetingTypes.0.minutes');
    expect(await bad({ meetingTypes: [call, call] })).toBe('meetingTypes');
  });

  it('shows free slots to anyone, without signing in, minus the local calendar’s busy times', async () => {
    const all = await slots({ meetingType: 'call', days: 2 });
    expect(all.length).toBeGreaterThan(80);
    expect(all[1]!.start - all[0]!.start).toBe(30 * 60_000);
    const busy = all[4]!;
    const ev = await t.request('POST', '/api/v1/schedule/events', {
      token: org.token,
      body: { start: busy.start, end: busy.end, title: 'Dentist' },
    });
    expect(ev.status).toBe(200);
    const after = await slots({ meetingType: 'call', days: 2 });
    expect(after.some((s) => s.start === busy.start)).toBe(false);
    expect(after).toHaveLength(all.length - 1);
    expect((await t.request('GET', '/api/v1/schedule/nobody-here/slots')).status).toBe(404);
    expect((await t.request('GET', `/api/v1/schedule/${host}/slots`, { query: { meetingType: 'nope' } })).status).toBe(404);
    expect((await t.request('GET', `/api/v1/schedule/${host}/slots`, { query: { days: 100 } })).body.field).toBe('days');
  });

  it('books a slot, sends one confirmation with an invite, and the slot is gone', async () => {
    const slot = (await slots({ meetingType: 'call' }))[10]!;
    const res = await book({
      meetingType: 'call',
      start: slot.start,
      phone: '(415) 555-2671',
      notes: 'About pricing',
      timezone: 'Asia/Tokyo',
    });
    expect(res.status).toBe(200);
    expect(res.body.booking).toMatchObject({
      start: slot.start,
      end: slot.end,
      meetingType: 'call',
      name: 'Vera Visitor',
      status: 'active',
    });
    expect(res.body.booking.email).toBeUndefined();
    expect((await slots({ meetingType: 'call' })).some((s) => s.start === slot.start)).toBe(false);
    const mail = await t.database.db
      .selectFrom('outbox')
      .selectAll()
      .where('idempotency_key', '=', `booking:${res.body.booking.id}:confirmation`)
      .execute();
    expect(mail).toHaveLength(1);
    expect(mail[0]!.to_address).toBe('vera@example.com');
    expect(mail[0]!.status).toBe('sent');
    expect(mail[0]!.body).toContain('Intro call');
    expect(mail[0]!.body).toContain('GMT+9');
    expect(mail[0]!.body).toContain('BEGIN:VCALENDAR');
    expect(mail[0]!.body).toContain(`DTSTART:${new Date(slot.start).toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`);
    expect(mail[0]!.body).toContain('ATTENDEE;CN=Vera Visitor;RSVP=TRUE:mailto:vera@example.com');
    // The owner sees it among upcoming bookings, with the visitor's details.
    const own = await t.request('GET', '/api/v1/schedule', { token: org.token });
    expect(own.body.bookings).toEqual([
      expect.objectContaining({ id: res.body.booking.id, email: 'vera@example.com', phone: '+14155552671', notes: 'About pricing' }),
    ]);
    // The same slot again, and an overlapping longer meeting: just taken.
    const again = await book({ meetingType: 'call', start: slot.start });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('That time was just taken.');
    expect((await book({ meetingType: 'long', start: slot.start - 30 * 60_000 })).status).toBe(409);
  });

  it('refuses times that are not open and malformed bookings naming the field', async () => {
    const slot = (await slots({ meetingType: 'call' }))[20]!;
    expect((await book({ meetingType: 'call', start: slot.start + 60_000 })).body.field).toBe('start');
    expect((await book({ meetingType: 'call', start: Date.now() - 3_600_000 })).status).toBe(422);
    expect((await book({ meetingType: 'call', start: slot.start, email: 'nope' })).body.field).toBe('email');
    expect((await book({ meetingType: 'call', start: slot.start, name: '' })).body.field).toBe('name');
    expect((await book({ meetingType: 'call', start: slot.start, phone: 'abc' })).body.field).toBe('phone');
    expect((await book({ meetingType: 'call', start: 'soon' })).body.field).toBe('start');
  });

  it('20 parallel bookings of one slot: exactly one booked, the others “That time was just taken.”', async () => {
    const slot = (await slots({ meetingType: 'call' }))[30]!;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        book({ meetingType: 'call', start: slot.start, name: `Racer ${i}`, email: `racer${i}@example.com` }),
      ),
    );
    const won = results.filter((r) => r.status === 200);
    const lost = results.filter((r) => r.status !== 200);
    expect(won).toHaveLength(1);
    expect(lost.map((r) => [r.status, r.body.message])).toEqual(Array(19).fill([409, 'That time was just taken.']));
    const rows = await t.database.db
      .selectFrom('bookings')
      .select('id')
      .where('start_at', '=', slot.start)
      .where('status', '=', 'active')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('the agent’s schedule function books a free time and offers free times for a taken or unclear one', async () => {
    const slot = (await slots({ meetingType: 'call' }))[40]!;
    const wall = new Date(slot.start).toISOString().slice(0, 16); // the host's zone is UTC
    const req = { time: wall, name: 'Carl Caller', phone: '+14155550199', reason: 'Quote' };
    const booked = await agentBooking(t.services.deps, org.id, req);
    expect(booked).toMatchObject({ ok: true, booked: true, start: `${wall}:00.000+00:00` });
    expect((await slots({ meetingType: 'call' })).some((s) => s.start === slot.start)).toBe(false);
    const again = await agentBooking(t.services.deps, org.id, req);
    expect(again).toMatchObject({ ok: false, booked: false, summary: expect.stringContaining('That time was just taken. Free times:') });
    expect(again!.freeSlots).toHaveLength(5);
    expect(again!.freeSlots).not.toContain(`${wall}:00.000+00:00`);
    expect((await agentBooking(t.services.deps, org.id, { ...req, time: 'tomorrow at 3pm' }))?.summary).toContain(
      'Which of these times suits you?',
    );
    // An organization without a schedule keeps recording requests only.
    expect(await agentBooking(t.services.deps, other.id, req)).toBeNull();
  });

  it('another tree’s token reads and changes nothing', async () => {
    expect((await t.request('GET', '/api/v1/schedule', { token: other.token, query: { targetAccountId: org.id } })).status).toBe(403);
    expect(
      (
        await t.request('POST', '/api/v1/schedule', {
          token: other.token,
          query: { targetAccountId: org.id },
          body: { timezone: 'Asia/Tokyo' },
        })
      ).status,
    ).toBe(403);
    const own = await t.request('GET', '/api/v1/schedule', { token: other.token });
    expect(own.body.bookings).toEqual([]);
    expect(own.body.schedule.timezone).toBe('UTC');
    expect((await t.request('GET', '/api/v1/schedule', { token: org.token })).body.schedule.meetingTypes).toHaveLength(2);
  });
});
