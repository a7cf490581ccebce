import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../../testing/harness.ts';

/** Rescheduling, cancelling, reminders and text confirmations of bookings, on SQLite and PostgreSQL. */
let t: TestApp;
let org: Session;
let other: Session;
let host: string;
let clock = Date.now();

const always = [{ start: '00:00', end: '24:00' }];
const allWeek = { sun: always, mon: always, tue: always, wed: always, thu: always, fri: always, sat: always };
const call = { id: 'call', name: 'Intro call', minutes: 30, bufferMinutes: 0, noticeMinutes: 0, horizonDays: 30 };
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestApp({ JOBS_AUTOSTART: 'false' });
  org = await t.signUp('owner@manage.test', { businessName: 'Manage Co' });
  other = await t.signUp('owner@other-manage.test', { businessName: 'Other Co' });
  await t.request('POST', '/api/v1/schedule', { token: org.token, body: { timezone: 'UTC', hours: allWeek, meetingTypes: [call] } });
  host = (await t.request('GET', '/api/v1/schedule', { token: org.token })).body.username;
  t.services.inbox.queue.now = () => clock;
});
afterAll(async () => {
  await t.close();
});

/** The host's free slot starting at about `hoursAhead` from now. */
const slotIn = async (hoursAhead: number) => {
  const s = (await t.request('GET', `/api/v1/schedule/${host}/slots`, { query: { meetingType: 'call', days: 5 } })).body.slots as {
    start: number;
  }[];
  return s.find((x) => x.start >= Date.now() + hoursAhead * HOUR)!.start;
};
const book = async (start: number, phone = '(415) 555-2671') => {
  const r = await t.request('POST', `/api/v1/schedule/${host}/book`, {
    body: { meetingType: 'call', start, name: 'Vera Visitor', email: 'vera@example.com', phone },
  });
  expect(r.status).toBe(200);
  const url = new URL(r.body.manageUrl);
  return { id: r.body.booking.id as number, token: url.searchParams.get('token')! };
};
const sentFor = (id: number) =>
  t.database.db
    .selectFrom('outbox')
    .select(['channel', 'idempotency_key', 'body', 'subject', 'to_address'])
    .where('idempotency_key', 'like', `booking:${id}:%`)
    .orderBy('id')
    .execute();

describe('confirmations and reminders', () => {
  it('texts a confirmation with the manage link, and reminds once by e-mail and text a day before, even if the job runs again', async () => {
    const start = await slotIn(50);
    const b = await book(start);
    const first = await sentFor(b.id);
    const text = first.find((m) => m.channel === 'sms')!;
    expect(text).toMatchObject({ to_address: '+14155552671', idempotency_key: `booking:${b.id}:confirmation:sms` });
    expect(text.body).toContain(`booking=${b.id}&token=${b.token}`);
    expect(first.find((m) => m.channel === 'email')!.body).toContain(`token=${b.token}`);
    // Only the hash of the token is stored.
    const row = await t.database.db.selectFrom('bookings').selectAll().where('id', '=', b.id).executeTakeFirstOrThrow();
    expect(row.manage_token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(b.token);
    // Not yet: the reminder waits until a day before.
    clock = start - 25 * HOUR;
    await t.services.inbox.queue.drain();
    expect((await sentFor(b.id)).filter((m) => m.idempotency_key!.includes('reminder'))).toEqual([]);
    clock = start - 24 * HOUR + 1000;
    await t.services.inbox.queue.drain();
    const reminders = (await sentFor(b.id)).filter((m) => m.idempotency_key!.includes('reminder'));
    expect(reminders.map((m) => m.channel).sort()).toEqual(['email', 'sms']);
    expect(reminders.find((m) => m.channel === 'email')!.subject).toBe('Reminder: Intro call with Manage Co');
    // A retried job (a worker that died after sending) sends nothing more.
    await t.services.inbox.queue.enqueue('calendar.reminder', { bookingId: b.id, start }, { key: `retry:${b.id}`, maxAttempts: 1 });
    await t.services.inbox.queue.drain();
    expect((await sentFor(b.id)).filter((m) => m.idempotency_key!.includes('reminder'))).toHaveLength(2);
    clock = Date.now();
  });
});

describe('visitors manage their booking through the link', () => {
  it('views, reschedules (old reminder dropped, new one queued) and cancels; a wrong token is a 404', async () => {
    const start = await slotIn(60);
    const b = await book(start, '+1 415 555 2672');
    const view = await t.request('GET', `/api/v1/schedule/booking/${b.id}`, { query: { token: b.token } });
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({
      booking: { id: b.id, start, status: 'active' },
      host: { username: host },
      meetingType: 'Intro call',
    });
    expect(view.body.booking.email).toBeUndefined();
    const wrong = await t.request('GET', `/api/v1/schedule/booking/${b.id}`, { query: { token: 'x'.repeat(24) } });
    expect(wrong.status).toBe(404);
    expect((await t.request('POST', `/api/v1/schedule/booking/${b.id}/cancel`, { body: { token: 'y'.repeat(24) } })).status).toBe(404);
    const later = start + 2 * HOUR;
    const moved = await t.request('POST', `/api/v1/schedule/booking/${b.id}/reschedule`, { body: { token: b.token, start: later } });
    expect(moved.status).toBe(200);
    expect(moved.body.booking).toMatchObject({ start: later, end: later + 30 * 60_000, status: 'active' });
    const free = (await t.request('GET', `/api/v1/schedule/${host}/slots`, { query: { meetingType: 'call', days: 5 } })).body.slots as {
      start: number;
    }[];
    expect(free.some((s) => s.start === start)).toBe(true);
    expect(free.some((s) => s.start === later)).toBe(false);
    expect((await sentFor(b.id)).filter((m) => m.idempotency_key!.startsWith(`booking:${b.id}:moved:${later}`))).toHaveLength(2);
    // The reminder for the old start sends nothing; the one for the new start does.
    clock = start - 24 * HOUR + 1000;
    await t.services.inbox.queue.drain();
    expect((await sentFor(b.id)).filter((m) => m.idempotency_key!.includes('reminder'))).toEqual([]);
    clock = later - 24 * HOUR + 1000;
    await t.services.inbox.queue.drain();
    expect((await sentFor(b.id)).filter((m) => m.idempotency_key === `booking:${b.id}:reminder:${later}`)).toHaveLength(1);
    clock = Date.now();
    // Moving onto another standing booking: just taken.
    const otherStart = await slotIn(80);
    await book(otherStart, '+1 415 555 2673');
    const clash = await t.request('POST', `/api/v1/schedule/booking/${b.id}/reschedule`, { body: { token: b.token, start: otherStart } });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toBe('That time was just taken.');
    const cancelled = await t.request('POST', `/api/v1/schedule/booking/${b.id}/cancel`, { body: { token: b.token } });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.booking.status).toBe('cancelled');
    expect((await sentFor(b.id)).filter((m) => m.idempotency_key!.startsWith(`booking:${b.id}:cancelled`))).toHaveLength(2);
    expect((await t.request('POST', `/api/v1/schedule/booking/${b.id}/cancel`, { body: { token: b.token } })).status).toBe(422);
    const notes = await t.request('GET', '/api/v1/notifications', { token: org.token });
    expect(JSON.stringify(notes.body)).toContain('Vera Visitor cancelled');
  });
});

describe('the host manages its bookings', () => {
  it('reschedules and cancels its own; another tree reads and changes nothing', async () => {
    const start = await slotIn(30);
    const b = await book(start, '+1 415 555 2674');
    const target = { targetAccountId: org.id };
    for (const r of [
      await t.request('POST', `/api/v1/schedule/bookings/${b.id}/cancel`, { token: other.token, body: target }),
      await t.request('POST', `/api/v1/schedule/bookings/${b.id}/reschedule`, {
        token: other.token,
        body: { ...target, start: start + HOUR },
      }),
    ])
      expect(r.status).toBe(403);
    for (const r of [
      await t.request('POST', `/api/v1/schedule/bookings/${b.id}/cancel`, { token: other.token, body: {} }),
      await t.request('POST', `/api/v1/schedule/bookings/${b.id}/reschedule`, { token: other.token, body: { start: start + HOUR } }),
    ])
      expect(r.status).toBe(404);
    expect((await t.request('GET', '/api/v1/schedule', { token: other.token })).body.bookings).toEqual([]);
    const bad = await t.request('POST', `/api/v1/schedule/bookings/${b.id}/reschedule`, { token: org.token, body: { start: 'soon' } });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('start');
    const moved = await t.request('POST', `/api/v1/schedule/bookings/${b.id}/reschedule`, {
      token: org.token,
      body: { start: start + HOUR },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.booking).toMatchObject({ start: start + HOUR, email: 'vera@example.com' });
    const cancelled = await t.request('POST', `/api/v1/schedule/bookings/${b.id}/cancel`, { token: org.token, body: {} });
    expect(cancelled.body.booking.status).toBe('cancelled');
    const own = (await t.request('GET', '/api/v1/schedule', { token: org.token })).body.bookings as { id: number }[];
    expect(own.some((x) => x.id === b.id)).toBe(false);
  });
});
