import { ProviderError, providerJson, unreadable } from '../failures.ts';
import { CalendarAccessRevoked } from './google.ts';
import type { BusyTime } from './index.ts';

const WEEK = 7 * 86_400_000;

/**
 * Calendly through its API v2 with a personal access token (`POST /api/v2/calendly` userPAT): the user
 * (`GET /users/me`), busy times (`GET /user_busy_times`, at most 7 days a request, so longer ranges are
 * read week by week) and single-use scheduling links (`POST /scheduling_links`). A 401 is
 * `CalendarAccessRevoked` (the token was revoked or is wrong).
 */
export class CalendlyClient {
  constructor(
    private readonly apiBase = 'https://api.calendly.com',
    private readonly timeoutMs = 15_000,
  ) {}

  private async get<T>(pat: string, path: string, what: string, init?: { method?: string; body?: unknown }): Promise<T> {
    try {
      const r = await providerJson<T>(
        `${this.apiBase}${path}`,
        {
          method: init?.method ?? 'GET',
          headers: { authorization: `Bearer ${pat}`, ...(init?.body ? { 'content-type': 'application/json' } : {}) },
          body: init?.body ? JSON.stringify(init.body) : undefined,
        },
        { provider: 'calendly', what, timeoutMs: this.timeoutMs },
      );
      return r.body;
    } catch (err) {
      if (err instanceof ProviderError && err.upstreamStatus === 401)
        throw new CalendarAccessRevoked('calendly', 'Calendly refused the access token; paste a new one.');
      throw err;
    }
  }

  async me(pat: string): Promise<{ uri: string; name: string; schedulingUrl: string }> {
    const r = await this.get<{ resource: { uri: string; name: string; scheduling_url: string } }>(pat, '/users/me', 'the user lookup');
    if (typeof r?.resource?.uri !== 'string') throw unreadable('calendly', 'the user lookup', 'no user');
    return { uri: r.resource.uri, name: r.resource.name, schedulingUrl: r.resource.scheduling_url };
  }

  async busy(pat: string, userUri: string, from: number, to: number): Promise<BusyTime[]> {
    const out: BusyTime[] = [];
    for (let start = from; start < to; start += WEEK) {
      const end = Math.min(to, start + WEEK);
      const q = new URLSearchParams({ user: userUri, start_time: new Date(start).toISOString(), end_time: new Date(end).toISOString() });
      const r = await this.get<{ collection: { start_time: string; end_time: string }[] }>(pat, `/user_busy_times?${q}`, 'the busy times');
      if (!Array.isArray(r?.collection)) throw unreadable('calendly', 'the busy times', 'no collection');
      for (const b of r.collection) out.push({ start: Date.parse(b.start_time), end: Date.parse(b.end_time) });
    }
    return out;
  }

  /** A single-use booking link for one of the user's event types. */
  async schedulingLink(pat: string, eventTypeUri: string): Promise<string> {
    const r = await this.get<{ resource: { booking_url: string } }>(pat, '/scheduling_links', 'the scheduling link', {
      method: 'POST',
      body: { max_event_count: 1, owner: eventTypeUri, owner_type: 'EventType' },
    });
    if (typeof r?.resource?.booking_url !== 'string') throw unreadable('calendly', 'the scheduling link', 'no booking_url');
    return r.resource.booking_url;
  }
}
