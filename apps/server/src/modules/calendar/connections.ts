import type { Deps } from '../../deps.ts';
import { badRequest, notFound, ruleBroken } from '../../platform/http/errors.ts';
import { CalendlyClient } from '../../platform/providers/calendar/calendly.ts';
import { CalendarAccessRevoked, GoogleCalendarClient, type GoogleTokens } from '../../platform/providers/calendar/google.ts';
import type { BusyTime, CalendarEventInput } from '../../platform/providers/calendar/index.ts';
import { secretBoxFor } from '../../platform/secrets/index.ts';
import type { AuthContext } from '../auth/index.ts';
import { calendarRepository as repo } from './repository.ts';
import type { CalendarConnectionsTable } from './tables.ts';

type Provider = CalendarConnectionsTable['provider'];
const STATE_TTL_MS = 10 * 60_000;

/**
 * Connected calendars (spec §7 Calendar: Google, Calendly). Google: the OAuth 2.0 authorization code
 * flow (the state is sealed with the account and an expiry), tokens sealed at rest and refreshed as
 * needed; the main calendar's busy times count against availability and bookings are inserted into
 * it. Calendly: the personal access token, sealed; its busy times count. A provider that refuses the
 * stored access is marked `revoked` and skipped until connected again.
 */
export function createConnections(deps: Deps, now: () => number) {
  const { db, config } = deps;
  const box = () => secretBoxFor(config);
  const redirectUri = `${config.publicUrl}/api/v1/google/callback`;
  const google = () => {
    if (!config.GOOGLE_CLIENT_ID || !config.GOOGLE_CLIENT_SECRET)
      throw ruleBroken('Google Calendar is not configured on this server.', 'google');
    return new GoogleCalendarClient({
      clientId: config.GOOGLE_CLIENT_ID,
      clientSecret: config.GOOGLE_CLIENT_SECRET,
      authBase: config.GOOGLE_OAUTH_URL,
      tokenBase: config.GOOGLE_TOKEN_URL,
      apiBase: config.GOOGLE_API_URL,
      now,
      timeoutMs: config.PROVIDER_TIMEOUT_MS,
    });
  };
  const calendly = () => new CalendlyClient(config.CALENDLY_API_URL, config.PROVIDER_TIMEOUT_MS);

  const row = (accountId: number, provider: Provider) => repo.connection(db, accountId, provider);
  async function save(
    accountId: number,
    provider: Provider,
    credentials: unknown,
    extra: { main_calendar?: string | null; external_user?: string | null },
  ) {
    const t = now();
    const sealed = box().seal(JSON.stringify(credentials));
    await repo.saveConnection(
      db,
      {
        account_id: accountId,
        provider,
        credentials: sealed,
        status: 'connected',
        created_at: t,
        updated_at: t,
        main_calendar: null,
        external_user: null,
      },
      extra,
    );
  }
  const setStatus = (accountId: number, provider: Provider, status: 'revoked') =>
    repo.updateConnection(db, accountId, provider, { status, updated_at: now() });
  const persistTokens = (accountId: number) => (t: GoogleTokens) =>
    void repo
      .updateConnection(db, accountId, 'google', { credentials: box().seal(JSON.stringify(t)), updated_at: now() })
      .catch((err: unknown) => deps.log.warn({ err }, 'google tokens not saved'));

  async function googleSession(ctx: AuthContext) {
    const r = await row(ctx.acting.id, 'google');
    if (!r || r.status !== 'connected') throw notFound('Google Calendar is not connected.');
    return { r, tokens: JSON.parse(box().open(r.credentials)) as GoogleTokens };
  }
  const revokedAnswer = async (accountId: number, provider: Provider, err: unknown): Promise<never> => {
    if (err instanceof CalendarAccessRevoked) {
      await setStatus(accountId, provider, 'revoked');
      throw ruleBroken(err.message, provider);
    }
    throw err;
  };

  return {
    async googleConnectUrl(ctx: AuthContext) {
      await deps.requireAccess(ctx, 'schedule.edit');
      const state = box().seal(JSON.stringify({ a: ctx.acting.id, e: now() + STATE_TTL_MS }));
      return { success: true as const, url: google().authUrl(redirectUri, state) };
    },

    /** Google's redirect back (no session: the sealed state names the account). Answers where to send the browser. */
    async googleCallback(q: { code?: string; state: string; error?: string }): Promise<string> {
      let s: { a: number; e: number };
      try {
        s = JSON.parse(box().open(q.state)) as { a: number; e: number };
      } catch {
        throw badRequest('state: not a state this server issued', 'state');
      }
      if (s.e < now()) throw badRequest('state: the connection took too long; start again', 'state');
      if (q.error || !q.code) return '/app/calendar?google=denied';
      const tokens = await google().exchangeCode(q.code, redirectUri);
      const primary = (await google().calendars(tokens)).find((c) => c.primary);
      await save(s.a, 'google', tokens, { main_calendar: primary?.id ?? 'primary' });
      return '/app/calendar?google=connected';
    },

    async googleCalendars(ctx: AuthContext) {
      await deps.requireAccess(ctx, 'schedule.view');
      const { r, tokens } = await googleSession(ctx);
      const calendars = await google()
        .calendars(tokens, persistTokens(ctx.acting.id))
        .catch((err: unknown) => revokedAnswer(ctx.acting.id, 'google', err));
      return { success: true as const, calendars, main: r.main_calendar };
    },

    async googleMain(ctx: AuthContext) {
      await deps.requireAccess(ctx, 'schedule.view');
      const { r } = await googleSession(ctx);
      return { success: true as const, main: r.main_calendar };
    },

    async setGoogleMain(ctx: AuthContext, calendarId: string) {
      await deps.requireAccess(ctx, 'schedule.edit');
      const { tokens } = await googleSession(ctx);
      const calendars = await google()
        .calendars(tokens, persistTokens(ctx.acting.id))
        .catch((err: unknown) => revokedAnswer(ctx.acting.id, 'google', err));
      if (!calendars.some((c) => c.id === calendarId)) throw badRequest('calendarId: not one of your Google calendars', 'calendarId');
      await repo.updateConnection(db, ctx.acting.id, 'google', { main_calendar: calendarId, updated_at: now() });
      return { success: true as const, main: calendarId };
    },

    async disconnect(ctx: AuthContext, provider: Provider) {
      await deps.requireAccess(ctx, 'schedule.edit');
      await repo.deleteConnection(db, ctx.acting.id, provider);
      return { success: true as const };
    },

    async connectCalendly(ctx: AuthContext, pat: string) {
      await deps.requireAccess(ctx, 'schedule.edit');
      const me = await calendly()
        .me(pat)
        .catch((err: unknown) => {
          if (err instanceof CalendarAccessRevoked) throw badRequest('userPAT: Calendly refused this token', 'userPAT');
          throw err;
        });
      await save(ctx.acting.id, 'calendly', { pat }, { external_user: me.uri });
      return { success: true as const, calendly: { name: me.name, schedulingUrl: me.schedulingUrl } };
    },

    /** Busy times of the host's connected calendars; one that refuses access is marked revoked and skipped. */
    async busy(accountId: number, from: number, to: number): Promise<BusyTime[]> {
      const rows = await repo.connectedOf(db, accountId);
      const out: BusyTime[] = [];
      for (const r of rows) {
        try {
          const creds = JSON.parse(box().open(r.credentials)) as GoogleTokens & { pat: string };
          if (r.provider === 'google')
            out.push(...(await google().busy(creds, r.main_calendar ?? 'primary', from, to, persistTokens(accountId))));
          else out.push(...(await calendly().busy(creds.pat, r.external_user ?? '', from, to)));
        } catch (err) {
          if (err instanceof CalendarAccessRevoked) await setStatus(accountId, r.provider, 'revoked');
          deps.log.warn({ err, accountId, provider: r.provider }, 'connected calendar not read');
        }
      }
      return out;
    },

    /** Mirrors a moved or cancelled booking into the host's main Google calendar (events.patch / events.delete of the event inserted under `key`); failures are logged. */
    async changeEvent(accountId: number, key: string, change: { start: number; end: number } | 'cancelled') {
      const r = await row(accountId, 'google');
      if (!r || r.status !== 'connected') return;
      try {
        const tokens = JSON.parse(box().open(r.credentials)) as GoogleTokens;
        const cal = r.main_calendar ?? 'primary';
        if (change === 'cancelled') await google().deleteEvent(tokens, cal, key, persistTokens(accountId));
        else await google().moveEvent(tokens, cal, key, change.start, change.end, persistTokens(accountId));
      } catch (err) {
        if (err instanceof CalendarAccessRevoked) await setStatus(accountId, 'google', 'revoked');
        deps.log.warn({ err, accountId }, 'booking change not written to Google Calendar');
      }
    },

    /** Writes a booking into the host's main Google calendar (idempotent per key); failures are logged. */
    async addEvent(accountId: number, e: CalendarEventInput & { attendeeEmail?: string }) {
      const r = await row(accountId, 'google');
      if (!r || r.status !== 'connected') return;
      try {
        const tokens = JSON.parse(box().open(r.credentials)) as GoogleTokens;
        await google().insertEvent(tokens, r.main_calendar ?? 'primary', e, persistTokens(accountId));
      } catch (err) {
        if (err instanceof CalendarAccessRevoked) await setStatus(accountId, 'google', 'revoked');
        deps.log.warn({ err, accountId }, 'booking not written to Google Calendar');
      }
    },
  };
}
export type Connections = ReturnType<typeof createConnections>;
