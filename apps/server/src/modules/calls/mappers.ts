import type { Call, CallTurn, CallTurnTiming } from '@switchboard/core/contracts/calls';
import { usageCost, type ConversationAnalysis } from '@switchboard/core';
import { fromJson } from '../../platform/db/columns.ts';
import type { CallRow } from './repository.ts';

/** Started minutes of a phone call (as carriers bill them); browser test calls cost nothing. */
export const billedMinutes = (r: Pick<CallRow, 'direction' | 'duration_ms'>) =>
  r.direction === 'web' ? 0 : Math.ceil(Number(r.duration_ms) / 60_000);

/** The usage item a call's minutes count as: advancedVoice when a cloud voice spoke, else voice. */
export const callItem = (r: Pick<CallRow, 'usage_item'>): 'voice' | 'advancedVoice' =>
  r.usage_item === 'advancedVoice' ? 'advancedVoice' : 'voice';

/**
 * A call for the API. `planMicroUsd`: its cost by the organization's plan (`planCallCosts`, costs.ts) when
 * the plan prices its item; without it, core's list price.
 */
export function toCall(r: CallRow, planMicroUsd?: number): Call {
  const minutes = billedMinutes(r);
  return {
    id: r.id,
    organizationId: r.account_id,
    agentId: r.agent_id,
    direction: r.direction,
    from: r.from_number,
    to: r.to_number,
    status: r.status,
    startedAt: Number(r.started_at),
    answeredAt: r.answered_at == null ? null : Number(r.answered_at),
    endedAt: r.ended_at == null ? null : Number(r.ended_at),
    durationMs: Number(r.duration_ms),
    endReason: r.end_reason,
    transcript: fromJson<CallTurn[]>(r.transcript, []),
    timings: fromJson<CallTurnTiming[] | null>(r.turn_timings, null) ?? [],
    recording: r.recording_key ? { url: `/api/v1/calls/${r.id}/recording`, bytes: Number(r.recording_bytes ?? 0) } : null,
    roomId: r.room_id ?? null,
    transfer: r.transfer_to ? { to: r.transfer_to, status: r.transfer_status ?? 'unknown' } : null,
    // The plan's price when given (docs/voice.md "Recordings and cost"), else core's list price; a call spoken by a cloud voice is an advancedVoice call.
    cost: { minutes, microUsd: planMicroUsd ?? usageCost(callItem(r), minutes) },
    analysis: fromJson<ConversationAnalysis | null>(r.analysis, null),
  };
}
