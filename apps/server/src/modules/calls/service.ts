import crypto from 'node:crypto';
import type { Call } from '@switchboard/core/contracts/calls';
import { secretBoxFor } from '../../platform/secrets/index.ts';
import { toJson } from '../../platform/db/columns.ts';
import { AppError, badRequest, notFound, paymentRequired, ruleBroken } from '../../platform/http/errors.ts';
import { clientKey, insertOnce } from '../../platform/idempotency/index.ts';
import { normalizePhone } from '../../platform/http/phone.ts';
import type { Db, DbOrTx } from '../../db.ts';
import type { Deps } from '../../deps.ts';
import type { AuthContext } from '../auth/index.ts';
import { findAccount } from '../accounts/index.ts';
import { canPayFor } from '../billing/index.ts';
import { accountOfNumber, noteInboundCall, numberOfAccount } from '../numbers/index.ts';
import { toCall } from './mappers.ts';
import { planCallCosts } from './costs/costs.ts';
import { callsRepository, type CallRow } from './repository.ts';
import { LONG_SILENCE_MS, type CallEvent, type CallSession } from './media/session.ts';
import { fromJson } from '../../platform/db/columns.ts';
import type { Database } from '../../db.ts';
import type { Write } from '../../platform/unitOfWork.ts';
import { roomRatings } from '../conversations/index.ts';
import { contactNamesByAddress } from '../contacts/index.ts';
import { createCallLifecycle, emitCallEvent, type CallInbox } from './lifecycle/lifecycle.ts';
import { createLiveCalls, type LiveEntry, type Transport, type Viewer } from './live/live.ts';
import { commandRemote, watchRemote, type RemoteControl } from './live/remote.ts';
import type { CallRelay } from '../../platform/realtime/relay.ts';
import type { CallFilter } from './repository.ts';

/** Recordings are kept this many days unless the organization says otherwise. */
export const DEFAULT_RETENTION_DAYS = 90;
/** How often a process says it still holds its live calls. */
export const HEARTBEAT_MS = 15_000;
/** How long a live call's holder may stay quiet before the call counts as orphaned (several missed heartbeats). */
export const ORPHAN_AFTER_MS = 90_000;
/** A conversation rated this or lower puts its calls in the review queue. */
const LOW_RATING = 2;
const DAY_MS = 86_400_000;
import type { OutboundCall } from '../../platform/providers/carrier/index.ts';

/** Whose calls the acting account sees: an organization all of its own, an agent its own. */
type Scope = { accountId: number; agentId: number | null };

function scopeOf(ctx: AuthContext): Scope {
  return scopeOfAccount(ctx.acting);
}

/** An organization's calls are its own; an agent account's belong to its organization, marked with the agent. */
function scopeOfAccount(a: Pick<AuthContext['acting'], 'id' | 'account_type' | 'organization_id' | 'parent_id'>): Scope {
  if (a.account_type === 'organization') return { accountId: a.id, agentId: null };
  if (a.account_type === 'agent') {
    const org = a.organization_id ?? a.parent_id;
    if (org != null) return { accountId: org, agentId: a.id };
  }
  throw ruleBroken('Choose an organization or agent account to see its calls.');
}

/** The calls among `ids` the caller's acting account reaches (the access table's `call` lookup). */
export async function callsInReach(
  db: DbOrTx,
  ctx: AuthContext,
  ids: readonly (string | number)[],
): Promise<Map<string | number, CallRow>> {
  const scope = scopeOf(ctx);
  const rows = await callsRepository.byIds(db, ids.map(String));
  const found = new Map<string | number, CallRow>();
  for (const r of rows) if (r.account_id === scope.accountId && (scope.agentId == null || r.agent_id === scope.agentId)) found.set(r.id, r);
  return found;
}

/** Why a finished call deserves a person's look (the super admin's review queue). */
export function reviewReasons(r: CallRow, rating?: number): string[] {
  const reasons: string[] = [];
  if (rating != null && rating <= LOW_RATING) reasons.push(`low rating (${rating})`);
  if (r.transfer_status && r.transfer_status !== 'connected') reasons.push(`transfer did not connect (${r.transfer_status})`);
  if (r.status === 'failed') reasons.push(`failed${r.end_reason ? `: ${r.end_reason}` : ''}`);
  if (r.status === 'no-answer') reasons.push('no answer');
  const events = fromJson<CallEvent[]>(r.events, []);
  const silence = events.filter((e) => e.type === 'silence').reduce((m, e) => Math.max(m, Number(e.detail ?? 0)), 0);
  if (silence >= LONG_SILENCE_MS) reasons.push(`long silence (${Math.round(silence / 1000)} s)`);
  if (events.some((e) => e.type === 'notice')) reasons.push('speech engine missing');
  return reasons;
}

/**
 * The tickets' HMAC key, derived from the persisted secrets key (SECRETS_KEY, else DATA_DIR/secrets.key):
 * every process sharing that key (and the database) accepts the tickets of the others, and a restart
 * keeps tickets valid. It is a keyed hash of a fixed label, so the secrets key itself is never used twice.
 */
export const ticketKey = (config: Deps['config']): Buffer =>
  Buffer.from(secretBoxFor(config).digest('calls:media-stream-ticket:v1'), 'hex');
/** Another way out for a call (SIP trunks): it dials and answers, or says null to leave it to the carrier. */
export type CallDialer = (call: OutboundCall & { accountId: number }) => Promise<DialResult | null>;
type DialResult = { status: 'ringing' | 'failed' | 'no-answer'; error?: string };

/** A media-stream ticket: the call id, an expiry and an HMAC, so only who placed the call can stream it. */
const TICKET_TTL_MS = 10 * 60_000;

/** The other party's number: the caller of an inbound call, the callee of an outbound one (none for browser calls). */
const otherParty = (r: CallRow): string | null =>
  r.direction === 'inbound' ? r.from_number : r.direction === 'outbound' ? r.to_number : null;

/** Calls with the name of the organization's contact on the other end, looked up in each call's own organization, costed by its plan. */
async function withContactNames(db: DbOrTx, rows: readonly CallRow[]): Promise<Call[]> {
  const byOrg = new Map<number, Map<string, string>>();
  for (const orgId of new Set(rows.map((r) => r.account_id)))
    byOrg.set(
      orgId,
      await contactNamesByAddress(
        db,
        orgId,
        rows.filter((r) => r.account_id === orgId).flatMap((r) => otherParty(r) ?? []),
      ),
    );
  const costs = await planCallCosts(db, rows);
  return rows.map((r) => {
    const party = otherParty(r);
    return { ...toCall(r, costs.get(r.id)), contactName: party ? (byOrg.get(r.account_id)?.get(party) ?? null) : null };
  });
}

/**
 * The relay could not be reached (Redis down): said as such, not as a server error. Short: it is also a
 * WebSocket close reason (at most 123 bytes).
 */
const relayDown = (): never => {
  throw new AppError('unavailable', 'Calls held by other servers cannot be reached right now.');
};

/** `relay` carries live calls between processes (platform/realtime/relay.ts; remote.ts). */
export function createCallsService(deps: Deps, inbox: CallInbox & { write: Write<Database> }, relay: CallRelay) {
  const { db } = deps;
  const liveCalls = createLiveCalls(inbox.write, relay, deps.log);
  const lifecycle = createCallLifecycle(deps, liveCalls, inbox);

  /** Take-over and hang-up of a call of this process, asked here or by another process. */
  const control: RemoteControl = {
    async kick(on: LiveEntry, speaker?: Viewer) {
      on.session.kick();
      on.kicked = true;
      if (speaker) on.speaker = speaker;
      await liveCalls.publish(on, 'in-progress');
    },
    async hangUp(on: LiveEntry) {
      on.transport.hangUp();
      await lifecycle.finish(on.row.id, 'hung up by staff');
    },
  };

  /**
   * A staff command on a live call of the caller's tree: the entry when the call is connected to this
   * process, null once the process holding it did the command, else not found.
   */
  async function liveHereOrDone(ctx: AuthContext, callId: string, command: 'kick' | 'hangup'): Promise<LiveEntry | null> {
    const found = await deps.requireAccess(ctx, 'call', [callId]);
    const on = liveCalls.get(callId);
    if (on) return on;
    if (found.get(callId)?.status === 'in-progress' && (await commandRemote(relay, callId, command).catch(relayDown))) return null;
    throw notFound('That call is not live.');
  }
  const key = ticketKey(deps.config);
  const sign = (payload: string) => crypto.createHmac('sha256', key).update(payload).digest('base64url');
  const dialers: CallDialer[] = [];

  function ticketFor(callId: string): string {
    const payload = `${callId}.${Date.now() + TICKET_TTL_MS}`;
    return `${payload}.${sign(payload)}`;
  }

  function callIdOfTicket(ticket: string): string | null {
    const parts = ticket.split('.');
    if (parts.length !== 3) return null;
    const payload = `${parts[0]}.${parts[1]}`;
    const mac = Buffer.from(sign(payload));
    const given = Buffer.from(parts[2]!);
    if (mac.length !== given.length || !crypto.timingSafeEqual(mac, given)) return null;
    return Number(parts[1]) >= Date.now() ? parts[0]! : null;
  }

  const newId = () => `CA${crypto.randomBytes(16).toString('hex')}`;
  const streamUrl = () => `${deps.config.publicUrl.replace(/^http/, 'ws')}/api/v1/calls/media`;

  const blank = () => ({
    status: 'queued' as const,
    started_at: Date.now(),
    answered_at: null,
    ended_at: null,
    end_reason: null,
    transcript: toJson([]),
    events: toJson([]),
    created_by: null,
  });

  async function create(
    scope: Scope,
    createdBy: number | null,
    input: { direction: 'outbound' | 'web'; from: string; to: string; idempotencyKey?: string },
  ) {
    const now = Date.now();
    const key = clientKey('call', scope.agentId ?? scope.accountId, input.idempotencyKey);
    const { row, repeated } = await insertOnce(
      () =>
        callsRepository.insert(db, {
          id: newId(),
          account_id: scope.accountId,
          agent_id: scope.agentId ?? scope.accountId,
          direction: input.direction,
          from_number: input.from,
          to_number: input.to,
          status: 'queued',
          client_key: key,
          started_at: now,
          answered_at: null,
          ended_at: null,
          end_reason: null,
          transcript: toJson([]),
          events: toJson([]),
          created_by: createdBy,
        }),
      () => callsRepository.byClientKey(db, key!),
    );
    return { row, repeated };
  }

  /** Dials out for a scope (an organization, or an agent of it): checks the number and the funds, then one call per key. */
  async function dialOut(scope: Scope, createdBy: number | null, input: { to: string; idempotencyKey?: string }) {
    const to = normalizePhone(input.to);
    if (!to) throw badRequest('to: Please enter a valid phone number.', 'to');
    const from = await numberOfAccount(db, scope.accountId);
    if (!from) throw ruleBroken('Give the organization a phone number before placing calls.');
    // A call is paid by the minute: the wallet must cover its first minute before it is dialled.
    const funds = await canPayFor(db as Db, scope.accountId, 'voice', 1);
    if (!funds.ok) throw paymentRequired(funds.message!);
    const { row, repeated } = await create(scope, createdBy, { direction: 'outbound', from, to, idempotencyKey: input.idempotencyKey });
    const ticket = ticketFor(row.id);
    if (!repeated) {
      let dial: DialResult | null = null;
      for (const dialer of dialers) {
        dial = await dialer({ accountId: scope.accountId, callId: row.id, from, to, ticket, streamUrl: streamUrl() });
        if (dial) break;
      }
      dial ??= deps.carrier.placeCall
        ? await deps.carrier.placeCall({ callId: row.id, from, to, ticket, streamUrl: streamUrl() })
        : { status: 'failed' as const, error: 'The carrier cannot place calls.' };
      if (dial.status === 'ringing') await callsRepository.update(db, row.id, { status: 'ringing' }, ['queued']);
      else
        await callsRepository.update(db, row.id, { status: dial.status, ended_at: Date.now(), end_reason: dial.error ?? null }, ['queued']);
    }
    const fresh = (await callsRepository.byId(db, row.id))!;
    return { success: true as const, call: toCall(fresh), streamUrl: streamUrl(), ticket };
  }

  return {
    streamUrl,
    callIdOfTicket,
    /** A dialer asked first for each outbound call (the SIP module's outbound routes). */
    useDialer(dialer: CallDialer) {
      dialers.push(dialer);
    },

    live: liveCalls,
    relay,

    async list(ctx: AuthContext, q: CallFilter & { page: number; pageSize: number }) {
      await deps.requireAccess(ctx, 'canViewOrg');
      const { rows, total } = await callsRepository.list(db, scopeOf(ctx), { ...q, offset: q.page * q.pageSize, limit: q.pageSize });
      return { success: true as const, calls: await withContactNames(db, rows), total };
    },

    async get(ctx: AuthContext, callId: string) {
      const found = await deps.requireAccess(ctx, 'call', [callId]);
      const [call] = await withContactNames(db, [found.get(callId)!]);
      return { success: true as const, call: call! };
    },

    /** GET /internal/fetchCallsForReview (super admin): failed and unanswered calls, long silences, missing engines. */
    async forReview() {
      const rows = await callsRepository.forReview(db, 500);
      const ratings = await roomRatings(
        db,
        rows.flatMap((r) => (r.room_id ? [r.room_id] : [])),
      );
      const flagged = rows
        .map((r) => ({ row: r, reasons: reviewReasons(r, r.room_id ? ratings.get(r.room_id) : undefined) }))
        .filter((c) => c.reasons.length > 0)
        .slice(0, 100);
      // Costed like the call log: by each organization's plan.
      const costs = await planCallCosts(
        db,
        flagged.map((c) => c.row),
      );
      const calls = flagged.map(({ row, reasons }) => ({ ...toCall(row, costs.get(row.id)), reasons }));
      return { success: true as const, calls };
    },

    /** A test call from the browser (the agent editor): the call row and a ticket for its media stream. */
    async startWeb(ctx: AuthContext, input: { idempotencyKey?: string }) {
      await deps.requireAccess(ctx, 'canViewOrg');
      const { row } = await create(scopeOf(ctx), ctx.user.id, {
        direction: 'web',
        from: `web:${ctx.user.id}`,
        to: ctx.acting.username,
        idempotencyKey: input.idempotencyKey,
      });
      return { success: true as const, call: toCall(row), streamUrl: streamUrl(), ticket: ticketFor(row.id) };
    },

    /** Places an outbound call from the organization's number; a retried request with the same key places one call. */
    async placeOutbound(ctx: AuthContext, input: { to: string; idempotencyKey?: string }) {
      await deps.requireAccess(ctx, 'canEditOrg');
      return dialOut(scopeOf(ctx), ctx.user.id, input);
    },

    /**
     * An agent's own function places a call (place_call): from its organization's number, for that agent.
     * No user acts here: the agent runtime asks for the agent account it runs as, and nothing else.
     */
    async placeForAgent(agentAccountId: number, input: { to: string; idempotencyKey?: string }) {
      const account = await findAccount(db, agentAccountId);
      if (!account) throw notFound('Agent not found.');
      return dialOut(scopeOfAccount(account), null, input);
    },

    /** A call arrives at one of our numbers (carrierSid: the carrier's id, so a replayed webhook answers the same call). */
    async startInbound(input: { carrierSid: string; from: string; to: string }) {
      // A forwarding check waiting for this caller id hears of the call first.
      await noteInboundCall(db, input);
      const owner = await accountOfNumber(db, normalizePhone(input.to) ?? input.to);
      if (!owner) return null;
      const { row } = await insertOnce(
        () =>
          callsRepository.insert(db, {
            ...blank(),
            id: newId(),
            account_id: owner.accountId,
            agent_id: owner.agentId ?? owner.accountId,
            direction: 'inbound',
            from_number: input.from,
            to_number: owner.number,
            client_key: clientKey('carrier-call', owner.accountId, input.carrierSid),
          }),
        () => callsRepository.byClientKey(db, clientKey('carrier-call', owner.accountId, input.carrierSid)!),
      );
      return { call: toCall(row), streamUrl: streamUrl(), ticket: ticketFor(row.id) };
    },

    /** The carrier's word on a call that has not connected: no answer, busy or failed end it. */
    async carrierStatus(callId: string, status: string) {
      const final =
        status === 'no-answer' || status === 'busy' ? 'no-answer' : status === 'failed' || status === 'canceled' ? 'failed' : null;
      if (final)
        await callsRepository.update(db, callId, { status: final, ended_at: Date.now(), end_reason: `carrier: ${status}` }, [
          'queued',
          'ringing',
        ]);
    },

    /**
     * The media stream of a call connected: the call goes in progress once (a replayed ticket is refused).
     * `webOnly`: the stream may carry only a browser's web call (see MediaConnection.phoneCalls).
     */
    async answer(callId: string, opts: { webOnly?: boolean } = {}): Promise<CallRow | null> {
      return db.transaction().execute(async (trx) => {
        if (opts.webOnly && (await callsRepository.byId(trx, callId))?.direction !== 'web') return null;
        const ok = await callsRepository.update(trx, callId, { status: 'in-progress', answered_at: Date.now() }, ['queued', 'ringing']);
        const row = ok ? ((await callsRepository.byId(trx, callId)) ?? null) : null;
        if (row) await emitCallEvent(trx, 'call.started', row);
        return row;
      });
    },

    /** A connected call's session and its transport: recorded, watched, joined to its conversation. */
    register(row: CallRow, session: CallSession, transport: Transport) {
      const entry = liveCalls.add(row, session, transport, control);
      void lifecycle.connected(entry).catch((err) => deps.log.error({ err, callId: row.id }, 'announcing the call failed'));
      return entry;
    },

    /** The call ended: its transcript, events and recording are stored. */
    finish: (callId: string, reason: string | null) => lifecycle.finish(callId, reason),

    /**
     * What the agent did on a call that hands it to a person (a message taken) goes in the call's
     * conversation: the inbox lists it under Priority. `key` makes a repeated report count once.
     */
    async recordAgentActions(
      callId: string,
      actions: { name: string; appId?: string; arguments: Record<string, unknown>; ok: boolean }[],
      key: string,
    ) {
      if (!actions.length || !inbox.recordActions) return;
      const roomId = liveCalls.get(callId)?.row.room_id ?? (await callsRepository.byId(db, callId))?.room_id;
      if (!roomId) return;
      await inbox.recordActions(roomId, actions, `call:${callId}:${key}`);
    },

    /** The heartbeat: this process still holds its live calls (every HEARTBEAT_MS, whatever JOBS_AUTOSTART says). */
    heartbeat: (now = Date.now()) => callsRepository.markAlive(db, liveCalls.ids(), now),

    /**
     * Ends the calls whose holding process went quiet (it died or lost the database) for ORPHAN_AFTER_MS:
     * stored as ended at their last heartbeat, minutes counted and charged, staff and webhooks told, like
     * any call (what only the dead process knew, the transcript and recording, is lost). Returns how many.
     */
    async sweepOrphans(now = Date.now()): Promise<number> {
      const orphans = await callsRepository.orphans(db, now - ORPHAN_AFTER_MS);
      for (const r of orphans) {
        if (liveCalls.get(r.id)) continue; // ours after all (a heartbeat late under load)
        await lifecycle.finish(r.id, 'the server holding the call stopped', Number(r.alive_at ?? r.answered_at ?? r.started_at));
      }
      return orphans.length;
    },

    /** A live call of the caller's tree, or not found. */
    async liveOf(ctx: AuthContext, callId: string) {
      await deps.requireAccess(ctx, 'call', [callId]);
      const on = liveCalls.get(callId);
      if (!on) throw notFound('That call is not live.');
      return on;
    },

    /**
     * A viewer of a call of the caller's tree connected to another process: linked through the relay
     * (remote.ts), or null when no process holds it (yet).
     */
    async watchElsewhere(ctx: AuthContext, callId: string, viewer: Viewer) {
      const found = await deps.requireAccess(ctx, 'call', [callId]);
      if (found.get(callId)?.status !== 'in-progress') return null;
      return watchRemote(relay, callId, viewer).catch(relayDown);
    },

    /**
     * Staff take the call over: the agent leaves it (spec's kick flag); the caller stays on the line.
     * A call connected to another process is taken over there (through the relay).
     */
    async kick(ctx: AuthContext, callId: string, speaker?: Viewer): Promise<{ success: true; call: Call }> {
      const on = await liveHereOrDone(ctx, callId, 'kick');
      if (on) await control.kick(on, speaker);
      return { success: true as const, call: toCall((await callsRepository.byId(db, callId))!) };
    },

    /** Staff end a live call (here, or on the process holding it). */
    async hangUp(ctx: AuthContext, callId: string): Promise<{ success: true; call: Call }> {
      const on = await liveHereOrDone(ctx, callId, 'hangup');
      if (on) await control.hangUp(on);
      return { success: true as const, call: toCall((await callsRepository.byId(db, callId))!) };
    },

    /** GET /api/v1/calls/:callId/recording: the WAV, for the call's own tree only. */
    async recording(ctx: AuthContext, callId: string): Promise<Buffer> {
      const found = await deps.requireAccess(ctx, 'call', [callId]);
      const key = found.get(callId)?.recording_key;
      const data = key ? await deps.files.get(key) : null;
      if (!data) throw notFound('This call has no recording.');
      return data;
    },

    async settings(ctx: AuthContext) {
      await deps.requireAccess(ctx, 'canViewOrg');
      const row = await callsRepository.settings(db, scopeOf(ctx).accountId);
      return { success: true as const, settings: { recordingRetentionDays: row?.recording_retention_days ?? DEFAULT_RETENTION_DAYS } };
    },

    async saveSettings(ctx: AuthContext, input: { recordingRetentionDays: number }) {
      await deps.requireAccess(ctx, 'canEditOrg');
      if (ctx.acting.account_type !== 'organization') throw ruleBroken('Recording retention is set by the organization.');
      await callsRepository.saveSettings(db, ctx.acting.id, input.recordingRetentionDays);
      return { success: true as const, settings: { recordingRetentionDays: input.recordingRetentionDays } };
    },

    /** The retention job: deletes recordings older than each organization's setting. Returns how many went. */
    async pruneRecordings(now = Date.now()): Promise<number> {
      let removed = 0;
      for (const { account_id } of await callsRepository.accountsWithRecordings(db)) {
        const days = (await callsRepository.settings(db, account_id))?.recording_retention_days ?? DEFAULT_RETENTION_DAYS;
        for (const r of await callsRepository.expiredRecordings(db, account_id, now - days * DAY_MS)) {
          await deps.files.delete(r.recording_key!);
          await callsRepository.update(db, r.id, { recording_key: null, recording_bytes: null });
          removed++;
        }
      }
      return removed;
    },
  };
}

export type CallsService = ReturnType<typeof createCallsService>;
