import type { Call, CallTurn } from '@switchboard/core/contracts/calls';
import { fromJson } from '../../platform/db/columns.ts';
import type { CallRow } from './repository.ts';

export function toCall(r: CallRow): Call {
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
    recording: null,
  };
}
