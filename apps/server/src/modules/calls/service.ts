import type { Call } from '@switchboard/core/contracts/calls';
import { AppError, notFound, ruleBroken } from '../../platform/http/errors.ts';
import type { Database } from '../../db.ts';
import type { Deps } from '../../deps.ts';
import type { Write } from '../../platform/unitOfWork.ts';
import type { CallRelay } from '../../platform/realtime/relay.ts';
import type { AuthContext } from '../auth/index.ts';
import { findAccount } from '../accounts/index.ts';
import { toCall } from './mappers.ts';
import { callsRepository, type CallFilter, type CallRow } from './repository.ts';
import type { CallSession } from './media/session.ts';
import { registerCallAnalysis } from './analysis.ts';
import { createCallLifecycle, emitCallEvent, type CallInbox } from './lifecycle/lifecycle.ts';
import { createLiveCalls, type LiveEntry, type Transport, type Viewer } from './live/live.ts';
import { commandRemote, watchRemote, type RemoteControl } from './live/remote.ts';
import { scopeOf, scopeOfAccount } from './scope/scope.ts';
import { createDialing } from './dialing/dial.ts';
import { createTickets } from './dialing/tickets.ts';
import { createTestCalls } from './dialing/testCalls.ts';
import { withContactNames } from './log/contactNames.ts';
import { callsForReview } from './log/review.ts';
import { DEFAULT_RETENTION_DAYS, pruneRecordings } from './log/retention.ts';

export { callsInReach } from './scope/scope.ts';
export type { CallDialer } from './dialing/dial.ts';

/** How often a process says it still holds its live calls. */
export const HEARTBEAT_MS = 15_000;
/** How long a live call's holder may stay quiet before the call counts as orphaned (several missed heartbeats). */
export const ORPHAN_AFTER_MS = 90_000;

/**
 * The relay could not be reached (Redis down): said as such, not as a server error. Short: it is also a
 * WebSocket close reason (at most 123 bytes).
 */
const relayDown = (): never => {
  throw new AppError('unavailable', 'Calls held by other servers cannot be reached right now.');
};

/** `relay` carries live calls between processes (platform/realtime/relay.ts; live/remote.ts). */
export function createCallsService(deps: Deps, inbox: CallInbox & { write: Write<Database> }, relay: CallRelay) {
  const { db } = deps;
  const liveCalls = createLiveCalls(inbox.write, relay, deps.log);
  const lifecycle = createCallLifecycle(deps, liveCalls, inbox);
  if (inbox.analysis) registerCallAnalysis(deps, inbox.analysis);

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
  const tickets = createTickets(deps.config);
  const dialing = createDialing(deps, tickets);

  return {
    streamUrl: dialing.streamUrl,
    callIdOfTicket: tickets.callIdOfTicket,
    useDialer: dialing.useDialer,
    /** Agent tests' calls: through the media WebSocket, leaving no record (dialing/testCalls.ts). */
    testCalls: createTestCalls(),

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
      return { success: true as const, calls: await callsForReview(db) };
    },

    /** A test call from the browser (the agent editor): the call row and a ticket for its media stream. */
    async startWeb(ctx: AuthContext, input: { idempotencyKey?: string }) {
      await deps.requireAccess(ctx, 'canViewOrg');
      const { row } = await dialing.create(scopeOf(ctx), ctx.user.id, {
        direction: 'web',
        from: `web:${ctx.user.id}`,
        to: ctx.acting.username,
        idempotencyKey: input.idempotencyKey,
      });
      return { success: true as const, call: toCall(row), streamUrl: dialing.streamUrl(), ticket: tickets.ticketFor(row.id) };
    },

    /** Places an outbound call from the organization's number; a retried request with the same key places one call. */
    async placeOutbound(ctx: AuthContext, input: { to: string; idempotencyKey?: string }) {
      await deps.requireAccess(ctx, 'canEditOrg');
      return dialing.dialOut(scopeOf(ctx), ctx.user.id, input);
    },

    /**
     * An agent's own function places a call (place_call): from its organization's number, for that agent.
     * No user acts here: the agent runtime asks for the agent account it runs as, and nothing else.
     */
    async placeForAgent(agentAccountId: number, input: { to: string; idempotencyKey?: string }) {
      const account = await findAccount(db, agentAccountId);
      if (!account) throw notFound('Agent not found.');
      return dialing.dialOut(scopeOfAccount(account), null, input);
    },

    /** A call arrives at one of our numbers (carrierSid: the carrier's id, so a replayed webhook answers the same call). */
    startInbound: dialing.startInbound,

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
    pruneRecordings: (now = Date.now()) => pruneRecordings(deps, now),
  };
}

export type CallsService = ReturnType<typeof createCallsService>;
