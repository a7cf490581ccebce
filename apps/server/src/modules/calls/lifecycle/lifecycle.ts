import { ANALYSIS_MAX_ATTEMPTS } from '@switchboard/core';
import type { CallTurn } from '@switchboard/core/contracts/calls';
import type { Db, DbOrTx } from '../../../db.ts';
import type { Deps } from '../../../deps.ts';
import { chargeUsage } from '../../billing/index.ts';
import { emitWebhookEvent } from '../../webhooks/index.ts';
import { CALL_ANALYZE_JOB, type CallAnalysis } from '../analysis.ts';
import { voiceUsageItem } from '../media/engines.ts';
import { recordUsage } from '../../stats/index.ts';
import { toCall } from '../mappers.ts';
import { planCallCosts } from '../costs/costs.ts';
import { toJson } from '../../../platform/db/columns.ts';
import type { CallEntry } from '../../conversations/index.ts';
import type { LiveCalls, LiveEntry } from '../live/live.ts';
import { callsRepository, type CallRow } from '../repository.ts';

/** The inbox side a call needs: a call's entries in its contact's conversation. */
export interface CallInbox {
  recordCall(e: CallEntry): Promise<{ roomId: string }>;
  /** The agent's actions during the call (a message taken), in the call's conversation, once per key. */
  recordActions?(
    roomId: string,
    actions: { name: string; appId?: string; arguments: Record<string, unknown>; ok: boolean }[],
    key: string,
  ): Promise<void>;
  /** The analysis after a call ends (analysis.ts); without it calls are not analyzed. */
  analysis?: CallAnalysis;
}

const clock = (ms: number) => `${Math.floor(ms / 60_000)}:${String(Math.round((ms % 60_000) / 1000)).padStart(2, '0')}`;

/** Outbound webhooks: call.started and call.ended (with the transcript), committed with the call's change. */
export const emitCallEvent = async (trx: DbOrTx, type: 'call.started' | 'call.ended', row: CallRow) =>
  emitWebhookEvent(trx, {
    accountId: row.account_id,
    agentId: row.agent_id,
    type,
    key: `${type}:${row.id}`,
    // Costed like the call detail (by the plan; a call not yet billed asks nothing).
    data: { call: toCall(row, (await planCallCosts(trx, [row])).get(row.id)) },
  });

/** The call's transcript as lines of text for its conversation entry. */
export function transcriptText(turns: CallTurn[]): string {
  return turns.map((t) => `${t.role === 'caller' ? 'Caller' : 'Agent'}: ${t.text}${t.interrupted ? ' …' : ''}`).join('\n');
}

/**
 * A call's life after it connects: its entry in the contact's conversation when it starts and ends (phone
 * calls only), the stored transcript, events and two-channel recording, voice minutes, and the hub's
 * `call.updated` events.
 */
export function createCallLifecycle(deps: Deps, live: LiveCalls, inbox: CallInbox) {
  const { db } = deps;

  const entryBase = (r: CallRow): Omit<CallEntry, 'phase' | 'body' | 'attachments'> => ({
    callId: r.id,
    orgId: r.account_id,
    agentId: r.agent_id === r.account_id ? null : r.agent_id,
    contact: r.direction === 'inbound' ? r.from_number : r.to_number,
    ourNumber: r.direction === 'inbound' ? r.to_number : r.from_number,
    direction: r.direction === 'inbound' ? 'inbound' : 'outbound',
  });

  async function joinInbox(r: CallRow): Promise<CallRow> {
    if (r.direction === 'web') return r;
    try {
      const body = r.direction === 'inbound' ? `Incoming call from ${r.from_number}` : `Outgoing call to ${r.to_number}`;
      const { roomId } = await inbox.recordCall({ ...entryBase(r), phase: 'started', body });
      await callsRepository.update(db, r.id, { room_id: roomId });
      return { ...r, room_id: roomId };
    } catch (err) {
      deps.log.error({ err, callId: r.id }, 'the call could not join its conversation');
      return r;
    }
  }

  /** Stores the recording through the files provider (keys start with `recording-`: never served at /files). */
  async function storeRecording(e: LiveEntry): Promise<{ key: string; bytes: number } | null> {
    if (e.recorder.empty) return null;
    try {
      const wav = e.recorder.wav();
      const stored = await deps.files.put('recording', wav, 'wav');
      return { key: stored.key, bytes: wav.length };
    } catch (err) {
      deps.log.error({ err, callId: e.row.id }, 'storing the recording failed');
      return null;
    }
  }

  return {
    /** The call connected: it joins the contact's conversation, and staff hear of it. */
    async connected(e: LiveEntry): Promise<void> {
      // An agent test's call joins no conversation and is not announced to staff.
      if (e.session.test) return;
      e.row = await joinInbox(e.row);
      await live.publish(e, 'in-progress');
    },

    /**
     * The call ended: transcript, events and recording stored; voice minutes counted; the conversation gets
     * the transcript. `endedAt`: when it ended, if not now (an orphaned call, at its holder's last heartbeat).
     */
    async finish(callId: string, given: string | null, endedAt?: number): Promise<void> {
      const e = live.remove(callId);
      // An agent test's call has no record to complete: nothing is stored, counted, charged, sent or analyzed.
      if (e?.session.test) {
        e.session.stop();
        return;
      }
      // After a transfer the caller was talking with the person: the call ended as transferred.
      const reason = e?.transfer?.status === 'connected' && given === 'hung up' ? `transferred to ${e.transfer.to}` : given;
      const row = await callsRepository.byId(db, callId);
      if (!row || row.status !== 'in-progress') return;
      const { transcript, events, timings } = e ? e.session.stop() : { transcript: [], events: [], timings: [] };
      const recording = e ? await storeRecording(e) : null;
      const now = endedAt ?? Date.now();
      const durationMs = Math.max(0, now - Number(row.answered_at ?? now));
      const minutes = Math.ceil(durationMs / 60_000);
      // A call spoken (even in part) by a cloud voice (OpenAI, ElevenLabs) counts as advancedVoice minutes.
      const item = voiceUsageItem(e?.session.ttsEnginesUsed ?? []);
      const done = await db.transaction().execute(async (trx) => {
        const ok = await callsRepository.update(
          trx,
          callId,
          {
            status: 'completed',
            ended_at: now,
            duration_ms: durationMs,
            end_reason: reason,
            transcript: toJson(transcript),
            events: toJson(events),
            turn_timings: toJson(timings),
            recording_key: recording?.key ?? null,
            recording_bytes: recording?.bytes ?? null,
            usage_item: row.direction === 'web' ? null : item,
            ...(e?.transfer ? { transfer_to: e.transfer.to, transfer_status: e.transfer.status } : {}),
          },
          ['in-progress'],
        );
        // Phone calls count as voice minutes (started minutes, as carriers bill); test calls from the browser do not.
        if (ok && row.direction !== 'web') {
          await recordUsage(trx, row.agent_id, item, minutes, now);
        }
        if (ok) await emitCallEvent(trx, 'call.ended', (await callsRepository.byId(trx, callId))!);
        // Analyzed once it is stored (a job: the model may take seconds; once per call).
        if (ok && inbox.analysis) {
          const opts = { key: `analyze:call:${callId}`, maxAttempts: ANALYSIS_MAX_ATTEMPTS };
          await inbox.analysis.queue.enqueue(CALL_ANALYZE_JOB, { callId }, opts, trx);
        }
        return ok;
      });
      if (!done) return;
      // The minutes are charged once the call is stored as completed (a call cannot be refused after it happened):
      // when the wallet ran out during it, the charge is refused, the owner notified, and the minutes stay counted.
      if (row.direction !== 'web') {
        await chargeUsage(db as Db, null, { accountId: row.agent_id, item, quantity: minutes, key: `call:${callId}` }).catch((err: Error) =>
          deps.log.warn({ err, callId }, 'calls: the minutes could not be charged'),
        );
      }
      const fresh = (await callsRepository.byId(db, callId))!;
      await live.publish({ row: fresh, kicked: e?.kicked ?? false, transfer: e?.transfer ?? null }, 'completed', reason);
      if (fresh.direction === 'web' || !fresh.room_id) return;
      const lines = [
        `Call ended · ${clock(durationMs)}${reason ? ` · ${reason}` : ''}`,
        ...(e?.transfer ? [`Transfer to ${e.transfer.to}: ${e.transfer.status}`] : []),
        transcriptText(transcript),
      ].filter(Boolean);
      await inbox
        .recordCall({
          ...entryBase(fresh),
          phase: 'ended',
          body: lines.join('\n'),
          attachments: recording
            ? [{ url: `/api/v1/calls/${callId}/recording`, type: 'audio/wav', size: recording.bytes, name: 'Call recording.wav' }]
            : [],
        })
        .catch((err) => deps.log.error({ err, callId }, 'the call transcript could not join its conversation'));
    },
  };
}
