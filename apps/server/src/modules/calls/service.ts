import crypto from 'node:crypto';
import type { Call } from '@switchboard/core/contracts/calls';
import { toJson } from '../../platform/db/columns.ts';
import { badRequest, notFound, ruleBroken } from '../../platform/http/errors.ts';
import { clientKey, insertOnce } from '../../platform/idempotency/index.ts';
import { normalizePhone } from '../../platform/http/phone.ts';
import type { DbOrTx } from '../../db.ts';
import type { Deps } from '../../deps.ts';
import type { AuthContext } from '../auth/index.ts';
import { accountOfNumber, numberOfAccount } from '../numbers/index.ts';
import { toCall } from './mappers.ts';
import { callsRepository, type CallRow } from './repository.ts';
import { LONG_SILENCE_MS, type CallEvent, type CallSession } from './session.ts';
import { fromJson } from '../../platform/db/columns.ts';

/** Whose calls the acting account sees: an organization all of its own, an agent its own. */
function scopeOf(ctx: AuthContext): { accountId: number; agentId: number | null } {
  const a = ctx.acting;
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
export function reviewReasons(r: CallRow): string[] {
  const reasons: string[] = [];
  if (r.status === 'failed') reasons.push(`failed${r.end_reason ? `: ${r.end_reason}` : ''}`);
  if (r.status === 'no-answer') reasons.push('no answer');
  const events = fromJson<CallEvent[]>(r.events, []);
  const silence = events.filter((e) => e.type === 'silence').reduce((m, e) => Math.max(m, Number(e.detail ?? 0)), 0);
  if (silence >= LONG_SILENCE_MS) reasons.push(`long silence (${Math.round(silence / 1000)} s)`);
  if (events.some((e) => e.type === 'notice')) reasons.push('speech engine missing');
  return reasons;
}

/** A media-stream ticket: the call id, an expiry and an HMAC, so only who placed the call can stream it. */
const TICKET_TTL_MS = 10 * 60_000;

export function createCallsService(deps: Deps) {
  const { db } = deps;
  const key = crypto.randomBytes(32);
  const sign = (payload: string) => crypto.createHmac('sha256', key).update(payload).digest('base64url');
  const live = new Map<string, { session: CallSession; hangUp: () => void }>();

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

  async function create(ctx: AuthContext, input: { direction: 'outbound' | 'web'; from: string; to: string; idempotencyKey?: string }) {
    const scope = scopeOf(ctx);
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
          created_by: ctx.user.id,
        }),
      () => callsRepository.byClientKey(db, key!),
    );
    return { row, repeated };
  }

  return {
    streamUrl,
    callIdOfTicket,

    async list(ctx: AuthContext, q: { direction?: string; status?: string; page: number; pageSize: number }) {
      await deps.requireAccess(ctx, 'canViewOrg');
      const { rows, total } = await callsRepository.list(db, scopeOf(ctx), { ...q, offset: q.page * q.pageSize, limit: q.pageSize });
      return { success: true as const, calls: rows.map(toCall), total };
    },

    async get(ctx: AuthContext, callId: string) {
      const found = await deps.requireAccess(ctx, 'call', [callId]);
      return { success: true as const, call: toCall(found.get(callId)!) };
    },

    /** GET /internal/fetchCallsForReview (super admin): failed and unanswered calls, long silences, missing engines. */
    async forReview() {
      const rows = await callsRepository.forReview(db, 500);
      const calls = rows
        .map((r) => ({ ...toCall(r), reasons: reviewReasons(r) }))
        .filter((c) => c.reasons.length > 0)
        .slice(0, 100);
      return { success: true as const, calls };
    },

    /** A test call from the browser (the agent editor): the call row and a ticket for its media stream. */
    async startWeb(ctx: AuthContext, input: { idempotencyKey?: string }) {
      await deps.requireAccess(ctx, 'canViewOrg');
      const { row } = await create(ctx, {
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
      const to = normalizePhone(input.to);
      if (!to) throw badRequest('to: Please enter a valid phone number.', 'to');
      const scope = scopeOf(ctx);
      const from = await numberOfAccount(db, scope.accountId);
      if (!from) throw ruleBroken('Give the organization a phone number before placing calls.');
      const { row, repeated } = await create(ctx, { direction: 'outbound', from, to, idempotencyKey: input.idempotencyKey });
      const ticket = ticketFor(row.id);
      if (!repeated) {
        const dial = deps.carrier.placeCall
          ? await deps.carrier.placeCall({ callId: row.id, from, to, ticket, streamUrl: streamUrl() })
          : { status: 'failed' as const, error: 'The carrier cannot place calls.' };
        if (dial.status === 'ringing') await callsRepository.update(db, row.id, { status: 'ringing' }, ['queued']);
        else
          await callsRepository.update(db, row.id, { status: dial.status, ended_at: Date.now(), end_reason: dial.error ?? null }, [
            'queued',
          ]);
      }
      const fresh = (await callsRepository.byId(db, row.id))!;
      return { success: true as const, call: toCall(fresh), streamUrl: streamUrl(), ticket };
    },

    /** A call arrives at one of our numbers (carrierSid: the carrier's id, so a replayed webhook answers the same call). */
    async startInbound(input: { carrierSid: string; from: string; to: string }) {
      const owner = await accountOfNumber(db, normalizePhone(input.to) ?? input.to);
      if (!owner) return null;
      const { row } = await insertOnce(
        () =>
          callsRepository.insert(db, {
            ...blank(),
            id: newId(),
            account_id: owner.accountId,
            agent_id: owner.accountId,
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

    /** The media stream of a call connected: the call goes in progress once (a replayed ticket is refused). */
    async answer(callId: string): Promise<CallRow | null> {
      const ok = await callsRepository.update(db, callId, { status: 'in-progress', answered_at: Date.now() }, ['queued', 'ringing']);
      return ok ? ((await callsRepository.byId(db, callId)) ?? null) : null;
    },

    /** A connected call's session and how to end its media stream. */
    register(callId: string, session: CallSession, hangUp: () => void) {
      live.set(callId, { session, hangUp });
    },

    /** The call ended: its transcript and events are stored. */
    async finish(callId: string, reason: string | null) {
      const session = live.get(callId)?.session;
      live.delete(callId);
      const row = await callsRepository.byId(db, callId);
      if (!row || row.status !== 'in-progress') return;
      const { transcript, events } = session ? session.stop() : { transcript: [], events: [] };
      const now = Date.now();
      const durationMs = now - Number(row.answered_at ?? now);
      await db.transaction().execute(async (trx) => {
        const done = await callsRepository.update(
          trx,
          callId,
          {
            status: 'completed',
            ended_at: now,
            duration_ms: durationMs,
            end_reason: reason,
            transcript: toJson(transcript),
            events: toJson(events),
          },
          ['in-progress'],
        );
        // Phone calls count as voice minutes (started minutes, as carriers bill); test calls from the browser do not.
        if (done && row.direction !== 'web') {
          await callsRepository.addVoiceMinutes(
            trx,
            row.agent_id,
            new Date(now).toISOString().slice(0, 10),
            Math.ceil(durationMs / 60_000),
          );
        }
      });
    },

    /** Staff take the call over: the agent leaves it (spec's kick flag); the caller stays on the line. */
    async kick(ctx: AuthContext, callId: string): Promise<{ success: true; call: Call }> {
      const found = await deps.requireAccess(ctx, 'call', [callId]);
      const on = live.get(callId);
      if (!on) throw notFound('That call is not live.');
      on.session.kick();
      return { success: true as const, call: toCall(found.get(callId)!) };
    },

    /** Staff end a live call. */
    async hangUp(ctx: AuthContext, callId: string): Promise<{ success: true; call: Call }> {
      await deps.requireAccess(ctx, 'call', [callId]);
      const on = live.get(callId);
      if (!on) throw notFound('That call is not live.');
      on.hangUp();
      await this.finish(callId, 'hung up by staff');
      return { success: true as const, call: toCall((await callsRepository.byId(db, callId))!) };
    },
  };
}

export type CallsService = ReturnType<typeof createCallsService>;
