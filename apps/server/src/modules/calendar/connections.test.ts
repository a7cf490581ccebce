import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFake, type FakeServer } from '../../testing/fakes/server.ts';
import { createTestApp, type Session, type TestApp } from '../../testing/harness.ts';
import { eventIdOf } from '../../platform/providers/calendar/google.ts';
import { agentBooking } from './index.ts';

/** Connecting Google Calendar (OAuth) and Calendly through the API, against fakes on 127.0.0.1; both databases. */
let t: TestApp;
let org: Session;
let other: Session;
let host: string;
let google: FakeServer;
let calendly: FakeServer;
let revoked = false;
let busyStart = 0;
const inserted: unknown[] = [];
const changed: { method: string; path: string; body: unknown }[] = [];

const always = [{ start: '00:00', end: '24:00' }];
const allWeek = { sun: always, mon: always, tue: always, wed: always, thu: always, fri: always, sat: always };
const call = { id: 'call', name: 'Intro call', minutes: 30, bufferMinutes: 0, noticeMinutes: 0, horizonDays: 30 };

beforeAll(async () => {
  google = await startFake((r) => {
    if (r.path === '/token') {
      if (r.body.grant_type === 'authorization_code' && r.body.code === 'good-code')
        return { status: 200, body: { access_token: 'at-1', refresh_token: 'rt-secret-1', expires_in: 3600 } };
      return { status: 400, body: { error: 'invalid_grant' } };
    }
    if (revoked || r.headers.authorization !== 'Bearer at-1') return { status: 401, body: { error: { code: 401 } } };
    if (r.path === '/calendar/v3/users/me/calendarList')
      return {
        status: 200,
        body: {
          items: [
            { id: 'me@example.com', summary: 'Me', primary: true },
            { id: 'team@example.com', summary: 'Team' },
          ],
        },
      };
    if (r.path === '/calendar/v3/freeBusy')
      return {
        status: 200,
        body: {
          calendars: {
            [r.body.items[0].id]: {
              busy: [{ start: new Date(busyStart).toISOString(), end: new Date(busyStart + 3_600_000).toISOString() }],
            },
          },
        },
      };
    if (r.path.endsWith('/events')) {
      inserted.push({ path: r.path, body: r.body });
      return { status: 200, body: { id: r.body.id } };
    }
    if (/\/events\/[a-v0-9]+$/.test(r.path) && (r.method === 'PATCH' || r.method === 'DELETE')) {
      changed.push({ method: r.method, path: r.path, body: r.body });
      return r.method === 'DELETE' ? { status: 204 } : { status: 200, body: { id: r.path.split('/').at(-1) } };
    }
    return { status: 404, body: {} };
  });
  calendly = await startFake((r) => {
    if (r.headers.authorization !== 'Bearer pat-good-123') return { status: 401, body: { title: 'Unauthenticated' } };
    if (r.path === '/users/me')
      return {
        status: 200,
        body: { resource: { uri: 'https://api.calendly.com/users/U1', name: 'Cal', scheduling_url: 'https://calendly.com/cal' } },
      };
    if (r.path.startsWith('/user_busy_times')) {
      const from = Date.parse(new URL(r.path, 'http://x').searchParams.get('start_time')!);
      return {
        status: 200,
        body: {
          collection: [
            { start_time: new Date(from + 30 * 3_600_000).toISOString(), end_time: new Date(from + 31 * 3_600_000).toISOString() },
          ],
        },
      };
    }
    return { status: 404, body: {} };
  });
  t = await createTestApp({
    GOOGLE_CLIENT_ID: 'cid',
    GOOGLE_CLIENT_SECRET: 'csecret',
    GOOGLE_OAUTH_URL: google.url,
    GOOGLE_TOKEN_URL: google.url,
    GOOGLE_API_URL: google.url,
    CALENDLY_API_URL: calendly.url,
  });
  org = await t.signUp('owner@connect.test', { businessName: 'Connect Co' });
  other = await t.signUp('owner@other-connect.test', { businessName: 'Other Co' });
  await t.request('POST', '/api/v1/schedule', { token: org.token, body: { timezone: 'UTC', hours: allWeek, meetingTypes: [call] } });
  host = (await t.request('GET', '/api/v1/schedule', { token: org.token })).body.username;
});
afterAll(async () => {
  await t.close();
  await google.close();
  await calendly.close();
});

const slots = async () =>
  (await t.request('GET', `/api/v1/schedule/${host}/slots`, { query: { meetingType: 'call', days: 3 } })).body.slots as { start: number }[];
const connection = (provider: 'google' | 'calendly') =>
  t.database.db
    .selectFrom('calendar_connections')
    .selectAll()
    .where('account_id', '=', org.id)
    .where('provider', '=', provider)
    .executeTakeFirst();

describe('Google Calendar', () => {
  it('connects through OAuth: consent URL, callback with a sealed state, tokens sealed at rest', async () => {
    const start = await t.request('GET', '/api/v1/google/connect', { token: org.token });
    expect(start.status).toBe(200);
    const u = new URL(start.body.url);
    expect(u.origin).toBe(google.url);
    expect(u.searchParams.get('access_type')).toBe('offline');
    const state = u.searchParams.get('state')!;
    expect((await t.request('GET', '/api/v1/google/callback', { query: { code: 'good-code', state: `${state}x` } })).status).toBe(400);
    const back = await t.request('GET', '/api/v1/google/callback', { query: { code: 'good-code', state } });
    expect(back.status).toBe(302);
    const row = await connection('google');
    expect(row).toMatchObject({ status: 'connected', main_calendar: 'me@example.com' });
    expect(row!.credentials).not.toContain('rt-secret-1');
    expect(row!.credentials).not.toContain('at-1');
    const own = await t.request('GET', '/api/v1/schedule', { token: org.token });
    expect(own.body.connections).toEqual([{ provider: 'google', status: 'connected', mainCalendar: 'me@example.com' }]);
    expect((await t.request('GET', '/api/v1/schedule', { token: other.token })).body.connections).toEqual([]);
  });

  it('lists calendars, chooses the main one, and its busy times take slots away', async () => {
    const cals = await t.request('GET', '/api/v1/google/calendars', { token: org.token });
    expect(cals.body).toMatchObject({
      main: 'me@example.com',
      calendars: [{ id: 'me@example.com', primary: true }, { id: 'team@example.com' }],
    });
    const bad = await t.request('PUT', '/api/v1/google/calendars/main', { token: org.token, body: { calendarId: 'nope@example.com' } });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('calendarId');
    expect(
      (await t.request('PUT', '/api/v1/google/calendars/main', { token: org.token, body: { calendarId: 'team@example.com' } })).body.main,
    ).toBe('team@example.com');
    expect((await t.request('GET', '/api/v1/google/calendars/main', { token: org.token })).body.main).toBe('team@example.com');
    const before = await slots();
    busyStart = before[4]!.start;
    const after = await slots();
    expect(after.some((s) => s.start === busyStart)).toBe(false);
    expect(after.some((s) => s.start === busyStart + 1_800_000)).toBe(false);
    expect(after.some((s) => s.start === before[10]!.start)).toBe(true);
    // A booking lands in the main Google calendar.
    const b = await t.request('POST', `/api/v1/schedule/${host}/book`, {
      body: { meetingType: 'call', start: before[10]!.start, name: 'Vera', email: 'vera@example.com' },
    });
    expect(b.status).toBe(200);
    expect(inserted).toHaveLength(1);
    expect(inserted[0]).toMatchObject({
      path: '/calendar/v3/calendars/team%40example.com/events',
      body: { summary: 'Intro call with Vera', attendees: [{ email: 'vera@example.com' }] },
    });
    // The host moves it, then cancels it: Google's event is patched, then deleted.
    const id = b.body.booking.id as number;
    const eventPath = `/calendar/v3/calendars/team%40example.com/events/${eventIdOf(`booking:${id}`)}`;
    const moved = await t.request('POST', `/api/v1/schedule/bookings/${id}/reschedule`, {
      token: org.token,
      body: { start: before[12]!.start },
    });
    expect(moved.status).toBe(200);
    expect(changed).toEqual([
      {
        method: 'PATCH',
        path: eventPath,
        body: {
          start: { dateTime: new Date(before[12]!.start).toISOString() },
          end: { dateTime: new Date(before[12]!.start + 1_800_000).toISOString() },
        },
      },
    ]);
    expect((await t.request('POST', `/api/v1/schedule/bookings/${id}/cancel`, { token: org.token, body: {} })).status).toBe(200);
    expect(changed.at(-1)).toMatchObject({ method: 'DELETE', path: eventPath });
    expect(changed).toHaveLength(2);
  });

  it("an agent booking during a call sees Google's busy times and lands in the main Google calendar", async () => {
    // The organization's own account answers as its agent (an agent account would book for its organization).
    const agent = { id: org.id };
    const free = await slots();
    busyStart = free[6]!.start;
    const at = (ms: number) => new Date(ms).toISOString();
    const refused = await agentBooking(t.services.deps, agent.id, {
      time: at(busyStart),
      name: 'Otto',
      phone: '+14155550111',
      reason: null,
    });
    expect(refused).toMatchObject({ ok: false, booked: false });
    expect(refused!.freeSlots.some((f) => Date.parse(f) === busyStart)).toBe(false);
    const before = inserted.length;
    const booked = await agentBooking(t.services.deps, agent.id, {
      time: at(free[14]!.start),
      name: 'Otto',
      phone: '+14155550111',
      reason: null,
    });
    expect(booked).toMatchObject({ ok: true, booked: true });
    expect(inserted).toHaveLength(before + 1);
    expect(inserted.at(-1)).toMatchObject({ body: { summary: 'Intro call with Otto' } });
  });

  it('a revoked grant is marked and skipped: availability still answers, the calendar list says so', async () => {
    revoked = true;
    const s = await slots();
    expect(s.some((x) => x.start === busyStart)).toBe(true);
    expect((await connection('google'))!.status).toBe('revoked');
    expect((await t.request('GET', '/api/v1/google/calendars', { token: org.token })).status).toBe(404);
    revoked = false;
  });

  it('another tree reads and changes nothing; disconnecting deletes the tokens', async () => {
    const q = { targetAccountId: org.id };
    expect((await t.request('GET', '/api/v1/google/calendars', { token: other.token, query: q })).status).toBe(403);
    expect((await t.request('DELETE', '/api/v1/google/disconnect', { token: other.token, query: q })).status).toBe(403);
    expect((await t.request('POST', '/api/v2/calendly', { token: other.token, body: { ...q, userPAT: 'pat-good-123' } })).status).toBe(403);
    expect((await t.request('GET', '/api/v1/google/calendars', { token: other.token })).status).toBe(404);
    expect(await connection('google')).toBeDefined();
    expect((await t.request('DELETE', '/api/v1/google/disconnect', { token: org.token })).status).toBe(200);
    expect(await connection('google')).toBeUndefined();
  });
});

describe('Calendly', () => {
  it('connects with a personal access token (refused tokens are a 400 naming userPAT); its busy times count', async () => {
    const bad = await t.request('POST', '/api/v2/calendly', { token: org.token, body: { userPAT: 'pat-wrong-999' } });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('userPAT');
    const before = await slots();
    const ok = await t.request('POST', '/api/v2/calendly', { token: org.token, body: { userPAT: 'pat-good-123' } });
    expect(ok.body).toMatchObject({ success: true, calendly: { name: 'Cal' } });
    expect((await connection('calendly'))!.credentials).not.toContain('pat-good-123');
    const after = await slots();
    expect(after.length).toBeLessThan(before.length);
    expect((await t.request('DELETE', '/api/v2/calendly', { token: org.token })).status).toBe(200);
    expect((await slots()).length).toBe(before.length);
  });
});
