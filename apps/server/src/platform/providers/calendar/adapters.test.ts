import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFake, type FakeServer } from '../../../testing/fakes/server.ts';
import { CalendlyClient } from './calendly.ts';
import { CalendarAccessRevoked, eventIdOf, GoogleCalendarClient, type GoogleTokens } from './google.ts';

/** The Google Calendar and Calendly adapters against fakes on 127.0.0.1 speaking the vendors' wire shapes. */
let google: FakeServer;
let calendly: FakeServer;
let clock = Date.UTC(2026, 10, 24, 12);
let revoked = false;
const events = new Set<string>();
let access = 'at-1';

beforeAll(async () => {
  google = await startFake((r) => {
    if (r.path === '/token') {
      if (r.body.client_secret !== 'shh') return { status: 401, body: { error: 'invalid_client' } };
      if (r.body.grant_type === 'authorization_code')
        return r.body.code === 'good-code'
          ? { status: 200, body: { access_token: access, refresh_token: 'rt-1', expires_in: 3600, token_type: 'Bearer' } }
          : { status: 400, body: { error: 'invalid_grant' } };
      if (revoked || r.body.refresh_token !== 'rt-1')
        return { status: 400, body: { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' } };
      access = `at-${Number(access.slice(3)) + 1}`;
      return { status: 200, body: { access_token: access, expires_in: 3600, token_type: 'Bearer' } };
    }
    if (r.headers.authorization !== `Bearer ${access}`)
      return { status: 401, body: { error: { code: 401, message: 'Invalid Credentials' } } };
    if (r.path === '/calendar/v3/users/me/calendarList')
      return {
        status: 200,
        body: {
          items: [
            { id: 'primary@example.com', summary: 'Work', primary: true },
            { id: 'team@example.com', summary: 'Team' },
          ],
        },
      };
    if (r.path === '/calendar/v3/freeBusy') {
      const id = r.body.items[0].id as string;
      return {
        status: 200,
        body: {
          kind: 'calendar#freeBusy',
          timeMin: r.body.timeMin,
          timeMax: r.body.timeMax,
          calendars: { [id]: { busy: [{ start: '2026-11-25T15:00:00Z', end: '2026-11-25T16:00:00Z' }] } },
        },
      };
    }
    if (r.path.startsWith('/calendar/v3/calendars/') && r.method === 'POST') {
      if (events.has(r.body.id))
        return { status: 409, body: { error: { code: 409, message: 'The requested identifier already exists.' } } };
      events.add(r.body.id);
      return { status: 200, body: { id: r.body.id, status: 'confirmed' } };
    }
    const one = r.path.match(/^\/calendar\/v3\/calendars\/[^/]+\/events\/([^/?]+)$/);
    if (one && (r.method === 'PATCH' || r.method === 'DELETE')) {
      if (!events.has(one[1]!)) return { status: 404, body: { error: { code: 404, message: 'Not Found' } } };
      if (r.method === 'DELETE') {
        events.delete(one[1]!);
        return { status: 204 };
      }
      return { status: 200, body: { id: one[1], status: 'confirmed', start: r.body.start, end: r.body.end } };
    }
    return { status: 404, body: {} };
  });
  calendly = await startFake((r) => {
    if (r.headers.authorization !== 'Bearer pat-good')
      return { status: 401, body: { title: 'Unauthenticated', message: 'The access token is invalid' } };
    if (r.path === '/users/me')
      return {
        status: 200,
        body: { resource: { uri: 'https://api.calendly.com/users/U1', name: 'Cal Host', scheduling_url: 'https://calendly.com/cal' } },
      };
    if (r.path.startsWith('/user_busy_times')) {
      const q = new URL(r.path, 'http://x').searchParams;
      if (Date.parse(q.get('end_time')!) - Date.parse(q.get('start_time')!) > 7 * 86_400_000)
        return { status: 400, body: { message: 'range over 7 days' } };
      const start = Date.parse(q.get('start_time')!) + 3_600_000;
      return {
        status: 200,
        body: {
          collection: [
            { type: 'calendly', start_time: new Date(start).toISOString(), end_time: new Date(start + 1_800_000).toISOString() },
          ],
        },
      };
    }
    if (r.path === '/scheduling_links' && r.method === 'POST')
      return {
        status: 201,
        body: { resource: { booking_url: 'https://calendly.com/d/abc-123', owner: r.body.owner, owner_type: r.body.owner_type } },
      };
    return { status: 404, body: {} };
  });
});
afterAll(async () => {
  await google.close();
  await calendly.close();
});

const client = () =>
  new GoogleCalendarClient({ clientId: 'cid', clientSecret: 'shh', tokenBase: google.url, apiBase: google.url, now: () => clock });

describe('Google Calendar adapter', () => {
  let tokens: GoogleTokens;
  it('builds the consent URL for offline access and exchanges the code for tokens', async () => {
    const u = new URL(client().authUrl('https://app.test/api/v1/google/callback', 'st4te'));
    expect(Object.fromEntries(u.searchParams)).toMatchObject({
      access_type: 'offline',
      prompt: 'consent',
      response_type: 'code',
      state: 'st4te',
      client_id: 'cid',
    });
    tokens = await client().exchangeCode('good-code', 'https://app.test/api/v1/google/callback');
    expect(tokens).toMatchObject({ accessToken: 'at-1', refreshToken: 'rt-1' });
    await expect(client().exchangeCode('bad-code', 'x')).rejects.toBeInstanceOf(CalendarAccessRevoked);
  });

  it('lists calendars and reads busy times through freeBusy', async () => {
    expect(await client().calendars(tokens)).toEqual([
      { id: 'primary@example.com', name: 'Work', primary: true },
      { id: 'team@example.com', name: 'Team', primary: false },
    ]);
    const busy = await client().busy(tokens, 'primary@example.com', clock, clock + 2 * 86_400_000);
    expect(busy).toEqual([{ start: Date.parse('2026-11-25T15:00:00Z'), end: Date.parse('2026-11-25T16:00:00Z') }]);
    const call = google.seen.find((r) => r.path === '/calendar/v3/freeBusy')!;
    expect(call.body).toEqual({
      timeMin: new Date(clock).toISOString(),
      timeMax: new Date(clock + 2 * 86_400_000).toISOString(),
      items: [{ id: 'primary@example.com' }],
    });
  });

  it('refreshes an expired access token first (and after a 401), keeping the refresh token', async () => {
    const seen: GoogleTokens[] = [];
    clock += 2 * 3_600_000;
    await client().busy(tokens, 'primary@example.com', clock, clock + 86_400_000, (t) => seen.push(t));
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ accessToken: 'at-2', refreshToken: 'rt-1' });
    // The stored token is stale but not yet expired by its clock: the 401 triggers one refresh.
    const stale = { ...seen[0]!, accessToken: 'at-old' };
    await client().calendars(stale, (t) => seen.push(t));
    expect(seen.at(-1)!.accessToken).toBe('at-3');
  });

  it('inserts an event once per key (a retry is Google’s 409, counted as done)', async () => {
    const t = { accessToken: access, refreshToken: 'rt-1', expiresAt: clock + 3_600_000 };
    const e = {
      start: clock + 86_400_000,
      end: clock + 86_400_000 + 1_800_000,
      title: 'Intro call with Vera',
      key: 'booking:7',
      attendeeEmail: 'vera@example.com',
    };
    const first = await client().insertEvent(t, 'primary@example.com', e);
    const again = await client().insertEvent(t, 'primary@example.com', e);
    expect(first).toEqual({ id: eventIdOf('booking:7'), repeated: false });
    expect(again.repeated).toBe(true);
    expect(first.id).toMatch(/^[a-v0-9]{5,1024}$/);
    const insert = google.seen.find((r) => r.path === '/calendar/v3/calendars/primary%40example.com/events')!;
    expect(insert.body).toMatchObject({
      summary: 'Intro call with Vera',
      start: { dateTime: new Date(e.start).toISOString() },
      attendees: [{ email: 'vera@example.com' }],
    });
  });

  it('moves (events.patch) and deletes (events.delete) the event of a booking; an event already gone counts as done', async () => {
    const t = { accessToken: access, refreshToken: 'rt-1', expiresAt: clock + 3_600_000 };
    const start = clock + 2 * 86_400_000;
    expect(await client().moveEvent(t, 'primary@example.com', 'booking:7', start, start + 1_800_000)).toBe(true);
    const patch = google.seen.findLast((r) => r.method === 'PATCH')!;
    expect(patch.path).toBe(`/calendar/v3/calendars/primary%40example.com/events/${eventIdOf('booking:7')}`);
    expect(patch.body).toEqual({
      start: { dateTime: new Date(start).toISOString() },
      end: { dateTime: new Date(start + 1_800_000).toISOString() },
    });
    expect(await client().deleteEvent(t, 'primary@example.com', 'booking:7')).toBe(true);
    expect(events.has(eventIdOf('booking:7'))).toBe(false);
    expect(await client().deleteEvent(t, 'primary@example.com', 'booking:7')).toBe(false);
    expect(await client().moveEvent(t, 'primary@example.com', 'booking:7', start, start + 1)).toBe(false);
  });

  it('says revoked access plainly', async () => {
    revoked = true;
    const expired = { accessToken: 'x', refreshToken: 'rt-1', expiresAt: 0 };
    await expect(client().busy(expired, 'primary@example.com', clock, clock + 1000)).rejects.toBeInstanceOf(CalendarAccessRevoked);
    revoked = false;
  });
});

describe('Calendly adapter', () => {
  const c = () => new CalendlyClient(calendly.url);
  it('reads the user and busy times week by week (Calendly allows 7 days a request)', async () => {
    expect(await c().me('pat-good')).toEqual({
      uri: 'https://api.calendly.com/users/U1',
      name: 'Cal Host',
      schedulingUrl: 'https://calendly.com/cal',
    });
    const from = Date.UTC(2026, 10, 24);
    const busy = await c().busy('pat-good', 'https://api.calendly.com/users/U1', from, from + 10 * 86_400_000);
    expect(busy).toEqual([
      { start: from + 3_600_000, end: from + 5_400_000 },
      { start: from + 7 * 86_400_000 + 3_600_000, end: from + 7 * 86_400_000 + 5_400_000 },
    ]);
  });
  it('creates a single-use scheduling link', async () => {
    expect(await c().schedulingLink('pat-good', 'https://api.calendly.com/event_types/E1')).toBe('https://calendly.com/d/abc-123');
    expect(calendly.seen.at(-1)!.body).toEqual({
      max_event_count: 1,
      owner: 'https://api.calendly.com/event_types/E1',
      owner_type: 'EventType',
    });
  });
  it('a revoked token is CalendarAccessRevoked', async () => {
    await expect(c().me('pat-revoked')).rejects.toBeInstanceOf(CalendarAccessRevoked);
  });
});
