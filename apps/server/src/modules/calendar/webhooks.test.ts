import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFake, type FakeServer } from '../../testing/fakes/server.ts';
import { createTestApp, type Session, type TestApp } from '../../testing/harness.ts';

/**
 * meeting.booked, meeting.rescheduled and meeting.cancelled webhook events: written to the
 * webhook outbox in the booking's own transaction, delivered once each, only to the host's endpoints.
 */
let t: TestApp;
let org: Session;
let other: Session;
let host: string;
let receiver: FakeServer;

const always = [{ start: '00:00', end: '24:00' }];
const allWeek = { sun: always, mon: always, tue: always, wed: always, thu: always, fri: always, sat: always };
const call = { id: 'call', name: 'Intro call', minutes: 30, bufferMinutes: 0, noticeMinutes: 0, horizonDays: 30 };
const HOUR = 3_600_000;
const EVENTS = ['meeting.booked', 'meeting.rescheduled', 'meeting.cancelled'];

const run = async () => {
  await t.services.webhooks.scan();
  await t.services.inbox.queue.drain();
};
const received = (type: string) => receiver.seen.filter((r) => r.body?.type === type);
/**
 * Scans and drains until every listed event has arrived: the outbox's own wake-up may be scanning at the
 * same moment (on PostgreSQL it then holds the rows, SKIP LOCKED), so one manual round may find nothing.
 */
const deliver = async (types: string[]) => {
  await vi.waitFor(
    async () => {
      await run();
      expect(types.filter((ty) => received(ty).length === 0)).toEqual([]);
    },
    { timeout: 10_000, interval: 25 },
  );
  await run();
};

beforeAll(async () => {
  receiver = await startFake(() => ({ status: 204 }));
  t = await createTestApp({ JOBS_AUTOSTART: 'false', WEBHOOK_ALLOW_HOSTS: '127.0.0.1' });
  org = await t.signUp('owner@meet-hooks.test', { businessName: 'Meet Hooks' });
  other = await t.signUp('owner@other-meet-hooks.test', { businessName: 'Other Hooks' });
  await t.request('POST', '/api/v1/schedule', { token: org.token, body: { timezone: 'UTC', hours: allWeek, meetingTypes: [call] } });
  host = (await t.request('GET', '/api/v1/schedule', { token: org.token })).body.username;
  for (const [s, path] of [
    [org, 'mine'],
    [other, 'theirs'],
  ] as const) {
    const hook = await t.request('POST', '/api/v2/webhooks', { token: s.token, body: { url: `${receiver.url}/${path}`, events: EVENTS } });
    expect(hook.status).toBe(200);
  }
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

describe('meeting webhook events', () => {
  it('booked, rescheduled and cancelled: one delivery each, in the booking transaction, to the host only', async () => {
    const slots = (await t.request('GET', `/api/v1/schedule/${host}/slots`, { query: { meetingType: 'call', days: 5 } })).body.slots as {
      start: number;
    }[];
    const start = slots.find((x) => x.start >= Date.now() + 30 * HOUR)!.start;
    const booked = await t.request('POST', `/api/v1/schedule/${host}/book`, {
      body: { meetingType: 'call', start, name: 'Vera Visitor', email: 'vera@example.com' },
    });
    expect(booked.status).toBe(200);
    const id = booked.body.booking.id as number;
    // The event row exists as soon as the booking does (same transaction).
    const outbox = await t.database.db
      .selectFrom('webhook_outbox')
      .select(['type', 'event_key'])
      .where('event_key', 'like', 'meeting.%')
      .execute();
    expect(outbox).toEqual([{ type: 'meeting.booked', event_key: `meeting.booked:${id}` }]);
    // A booking that fails (the same slot again) adds no event.
    const again = await t.request('POST', `/api/v1/schedule/${host}/book`, {
      body: { meetingType: 'call', start, name: 'Late', email: 'l@example.com' },
    });
    expect(again.status).toBe(409);
    await deliver(['meeting.booked']);
    const got = received('meeting.booked');
    expect(got).toHaveLength(1);
    expect(got[0]!.path).toBe('/mine');
    expect(got[0]!.body.data.booking).toMatchObject({ id, start, name: 'Vera Visitor' });

    const later = start + 2 * HOUR;
    const moved = await t.request('POST', `/api/v1/schedule/bookings/${id}/reschedule`, { token: org.token, body: { start: later } });
    expect(moved.status).toBe(200);
    const cancelled = await t.request('POST', `/api/v1/schedule/bookings/${id}/cancel`, { token: org.token, body: {} });
    expect(cancelled.status).toBe(200);
    await deliver(['meeting.rescheduled', 'meeting.cancelled']);
    const re = received('meeting.rescheduled');
    expect(re).toHaveLength(1);
    expect(re[0]!.body.data).toMatchObject({ previousStart: start, booking: { id, start: later } });
    const gone = received('meeting.cancelled');
    expect(gone).toHaveLength(1);
    expect(gone[0]!.body.data).toMatchObject({ by: 'host', booking: { id, status: 'cancelled' } });
    expect(receiver.seen.filter((r) => r.path === '/theirs' && EVENTS.includes(r.body?.type))).toEqual([]);
    expect(new Set([got[0]!.body.id, re[0]!.body.id, gone[0]!.body.id]).size).toBe(3);
  });
});
