import type { Call, CallTurn } from '@switchboard/core/contracts/calls';
import { usageCost } from '@switchboard/core';
import { fromJson } from '../../platform/db/columns.ts';
import type { CallRow } from './repository.ts';

/** Started minutes of a phone call (as carriers bill them); browser test calls cost nothing. */
export const billedMinutes = (r: Pick<CallRow, 'direction' | 'duration_ms'>) =>
  r.direction === 'web' ? 0 : Math.ceil(Number(r.duration_ms) / 60_000);

export function toCall(r: CallRow): Call {
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
    recording: r.recording_key ? { url: `/api/v1/calls/${r.id}/recording`, bytes: Number(r.recording_bytes ?? 0) } : null,
    roomId: r.room_id ?? null,
    transfer: r.transfer_to ? { to: r.transfer_to, status: r.transfer_status ?? 'unknown' } : null,
    // Core's usage price list (billing's plan tiers price the month's total, not one call); a call spoken by a cloud voice at the advancedVoice price.
    cost: { minutes, microUsd: usageCost(r.usage_item === 'advancedVoice' ? 'advancedVoice' : 'voice', minutes) },
  };
}
