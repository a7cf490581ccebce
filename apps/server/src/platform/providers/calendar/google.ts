import crypto from 'node:crypto';
import { ProviderError, providerJson, refusal, unreadable } from '../failures.ts';
import type { BusyTime, CalendarEventInput } from './index.ts';

/** Google refused the stored grant (revoked, expired, or the account removed the app): the user must connect again. */
export class CalendarAccessRevoked extends ProviderError {
  constructor(provider: string, message = 'Calendar access was revoked; connect the calendar again.') {
    super(provider, message, false);
  }
}

export interface GoogleTokens {
  accessToken: string;
  /** Kept across refreshes (Google sends one only on the first exchange). */
  refreshToken: string;
  /** Epoch ms after which the access token is refreshed first. */
  expiresAt: number;
}

export interface GoogleConfig {
  clientId: string;
  clientSecret: string;
  /** https://oauth2.googleapis.com in production; a fake on 127.0.0.1 in tests. */
  tokenBase: string;
  /** https://www.googleapis.com in production. */
  apiBase: string;
  authBase?: string;
  now?: () => number;
  /** How long one request may take (PROVIDER_TIMEOUT_MS). */
  timeoutMs?: number;
}

/** What a Calendar API path asks for, in words (the third segment of /calendar/v3/...). */
const WHAT: Record<string, string> = { users: 'the calendar list', freeBusy: 'the busy times', calendars: 'the calendar event' };

const SCOPE = 'https://www.googleapis.com/auth/calendar';

/**
 * Google Calendar through its REST API (OAuth 2.0 authorization code flow with offline access): the
 * consent URL, the code exchange, token refresh (a 400 invalid_grant is `CalendarAccessRevoked`),
 * the calendar list, freeBusy and events.insert. An event's id derives from the booking's key, so a
 * retried insert answers 409 from Google and counts as done. Callers store the refresh token encrypted
 * (platform/secrets) and pass `onTokens` to persist refreshed access tokens.
 */
export class GoogleCalendarClient {
  constructor(private readonly c: GoogleConfig) {}

  private now() {
    return (this.c.now ?? Date.now)();
  }

  authUrl(redirectUri: string, state: string): string {
    const u = new URL('/o/oauth2/v2/auth', this.c.authBase ?? 'https://accounts.google.com');
    u.search = new URLSearchParams({
      client_id: this.c.clientId,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: SCOPE,
      access_type: 'offline',
      prompt: 'consent',
      state,
    }).toString();
    return u.toString();
  }

  private async token(params: Record<string, string>): Promise<{ access_token: string; refresh_token?: string; expires_in: number }> {
    const r = await providerJson<{ error?: string; access_token?: string; refresh_token?: string; expires_in?: number }>(
      `${this.c.tokenBase}/token`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ client_id: this.c.clientId, client_secret: this.c.clientSecret, ...params }),
      },
      { provider: 'google', what: 'the sign-in', timeoutMs: this.c.timeoutMs ?? 15_000, accept: [400] },
    );
    if (r.status === 400 && r.body.error === 'invalid_grant') throw new CalendarAccessRevoked('google');
    if (r.status === 400) throw refusal('google', 'the sign-in', { status: 400, body: r.body, vendorCode: r.body.error });
    if (typeof r.body.access_token !== 'string') throw unreadable('google', 'the sign-in', 'no access token');
    return { access_token: r.body.access_token, refresh_token: r.body.refresh_token, expires_in: r.body.expires_in ?? 3600 };
  }

  async exchangeCode(code: string, redirectUri: string): Promise<GoogleTokens> {
    const t = await this.token({ grant_type: 'authorization_code', code, redirect_uri: redirectUri });
    if (!t.refresh_token) throw new ProviderError('google', 'Google sent no refresh token; connect again with consent.');
    return { accessToken: t.access_token, refreshToken: t.refresh_token, expiresAt: this.now() + (t.expires_in - 60) * 1000 };
  }

  async refresh(tokens: GoogleTokens): Promise<GoogleTokens> {
    const t = await this.token({ grant_type: 'refresh_token', refresh_token: tokens.refreshToken });
    return {
      accessToken: t.access_token,
      refreshToken: t.refresh_token ?? tokens.refreshToken,
      expiresAt: this.now() + (t.expires_in - 60) * 1000,
    };
  }

  /** One API call with a fresh access token: refreshed first when expired, and once more on a 401. */
  private async call<T>(
    tokens: GoogleTokens,
    onTokens: (t: GoogleTokens) => void,
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; data: T }> {
    let current = tokens;
    if (current.expiresAt <= this.now()) {
      current = await this.refresh(current);
      onTokens(current);
    }
    for (let attempt = 0; ; attempt++) {
      // 401/403: the grant (refreshed once on a 401); 404, 409, 410: answers the callers read.
      const r = await providerJson<T>(
        `${this.c.apiBase}${path}`,
        {
          method,
          headers: { authorization: `Bearer ${current.accessToken}`, ...(body ? { 'content-type': 'application/json' } : {}) },
          body: body ? JSON.stringify(body) : undefined,
        },
        {
          provider: 'google',
          what: WHAT[path.split('/')[3] ?? ''] ?? 'the calendar request',
          timeoutMs: this.c.timeoutMs ?? 15_000,
          accept: [401, 403, 404, 409, 410],
        },
      );
      if (r.status === 401 && attempt === 0) {
        current = await this.refresh(current);
        onTokens(current);
        continue;
      }
      if (r.status === 401 || r.status === 403) throw new CalendarAccessRevoked('google');
      return { status: r.status, data: r.body };
    }
  }

  async calendars(tokens: GoogleTokens, onTokens: (t: GoogleTokens) => void = () => {}) {
    const r = await this.call<{ items?: { id: string; summary: string; primary?: boolean }[] }>(
      tokens,
      onTokens,
      'GET',
      '/calendar/v3/users/me/calendarList',
    );
    if (r.status !== 200) throw refusal('google', 'the calendar list', { status: r.status, body: r.data });
    return (r.data.items ?? []).map((c) => ({ id: c.id, name: c.summary, primary: c.primary === true }));
  }

  async busy(
    tokens: GoogleTokens,
    calendarId: string,
    from: number,
    to: number,
    onTokens: (t: GoogleTokens) => void = () => {},
  ): Promise<BusyTime[]> {
    const r = await this.call<{ calendars?: Record<string, { busy?: { start: string; end: string }[]; errors?: unknown[] }> }>(
      tokens,
      onTokens,
      'POST',
      '/calendar/v3/freeBusy',
      { timeMin: new Date(from).toISOString(), timeMax: new Date(to).toISOString(), items: [{ id: calendarId }] },
    );
    if (r.status !== 200) throw refusal('google', 'the busy times', { status: r.status, body: r.data });
    const cal = r.data.calendars?.[calendarId];
    if (!cal || cal.errors?.length) throw new ProviderError('google', `freeBusy could not read calendar ${calendarId}`);
    return (cal.busy ?? []).map((b) => ({ start: Date.parse(b.start), end: Date.parse(b.end) }));
  }

  /** events.insert with an id derived from the key (base32hex, as Google requires): a repeat is a 409 and counts as done. */
  async insertEvent(
    tokens: GoogleTokens,
    calendarId: string,
    e: CalendarEventInput & { attendeeEmail?: string },
    onTokens: (t: GoogleTokens) => void = () => {},
  ) {
    const id = eventIdOf(e.key);
    const r = await this.call<{ id?: string }>(
      tokens,
      onTokens,
      'POST',
      `/calendar/v3/calendars/${encodeURIComponent(calendarId)}/events`,
      {
        id,
        summary: e.title,
        start: { dateTime: new Date(e.start).toISOString() },
        end: { dateTime: new Date(e.end).toISOString() },
        ...(e.attendeeEmail ? { attendees: [{ email: e.attendeeEmail }] } : {}),
      },
    );
    if (r.status === 200 || r.status === 409) return { id, repeated: r.status === 409 };
    throw refusal('google', 'the new event', { status: r.status, body: r.data });
  }

  /** events.patch of the event inserted under `key`: its new start and end (a moved booking). False when Google has no such event. */
  async moveEvent(
    tokens: GoogleTokens,
    calendarId: string,
    key: string,
    start: number,
    end: number,
    onTokens: (t: GoogleTokens) => void = () => {},
  ) {
    const path = `/calendar/v3/calendars/${encodeURIComponent(calendarId)}/events/${eventIdOf(key)}`;
    const r = await this.call(tokens, onTokens, 'PATCH', path, {
      start: { dateTime: new Date(start).toISOString() },
      end: { dateTime: new Date(end).toISOString() },
    });
    if (r.status === 200) return true;
    if (r.status === 404 || r.status === 410) return false;
    throw refusal('google', 'the event change', { status: r.status, body: r.data });
  }

  /** events.delete of the event inserted under `key` (a cancelled booking); an event already gone (404/410) counts as done. */
  async deleteEvent(tokens: GoogleTokens, calendarId: string, key: string, onTokens: (t: GoogleTokens) => void = () => {}) {
    const path = `/calendar/v3/calendars/${encodeURIComponent(calendarId)}/events/${eventIdOf(key)}`;
    const r = await this.call(tokens, onTokens, 'DELETE', path);
    if (r.status === 204 || r.status === 200 || r.status === 404 || r.status === 410) return r.status === 204 || r.status === 200;
    throw refusal('google', 'the event removal', { status: r.status, body: r.data });
  }
}

/** Google event ids use the base32hex alphabet (a–v, 0–9), 5–1024 characters. */
export function eventIdOf(key: string): string {
  const hex = crypto.createHash('sha256').update(key).digest('hex');
  return `sb${BigInt(`0x${hex}`).toString(32)}`;
}
