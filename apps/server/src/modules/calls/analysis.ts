import type { CallTurn } from '@switchboard/core/contracts/calls';
import type { Tx } from '../../db.ts';
import type { Deps } from '../../deps.ts';
import { fromJson, toJson } from '../../platform/db/columns.ts';
import type { JobQueue, JobRow } from '../../platform/jobs/queue.ts';
import type { AnalysisInput, AnalysisResult } from '../agents/index.ts';
import { recordLog } from '../logs/index.ts';
import { emitWebhookEvent } from '../webhooks/index.ts';
import type { CallEvent } from './media/session.ts';
import { callsRepository } from './repository.ts';

export const CALL_ANALYZE_JOB = 'call.analyze';

/** The agent runtime's analysis (a port: the runtime is built in services.ts) and the queue that runs it. */
export interface CallAnalysis {
  queue: JobQueue;
  analyze(input: AnalysisInput): Promise<AnalysisResult>;
  recordAnalysisUsage(trx: Tx, accountId: number, tokens: number, key: string): Promise<void>;
}

/** What a call's `function` event says: the function the agent ran, whether it worked, its arguments. */
export function functionEventDetail(c: { name: string; ok: boolean; arguments: Record<string, unknown> }): string {
  const args = Object.fromEntries(
    Object.entries(c.arguments ?? {})
      .filter(([, v]) => ['string', 'number', 'boolean'].includes(typeof v))
      .map(([k, v]) => [k, typeof v === 'string' ? v.slice(0, 200) : v]),
  );
  return JSON.stringify({ name: c.name, ok: c.ok, arguments: args });
}

function actionsOf(events: CallEvent[]): AnalysisInput['actions'] {
  return events.flatMap((e) => {
    if (e.type !== 'function' || typeof e.detail !== 'string') return [];
    const d = fromJson<{ name?: unknown; ok?: unknown; arguments?: unknown } | null>(e.detail, null);
    if (!d || typeof d.name !== 'string') return [];
    return [
      {
        name: d.name,
        ok: d.ok !== false,
        arguments: d.arguments && typeof d.arguments === 'object' ? (d.arguments as Record<string, unknown>) : {},
      },
    ];
  });
}

/**
 * The analysis after a call ends: from its transcript, the functions the agent ran and whether it was
 * transferred; stored on the call with its `call.analyzed` webhook and the tokens as model usage, in one
 * transaction only the first run commits (a retried job changes nothing and charges nothing more).
 * A model that fails makes the runtime throw and the queue run the job again later; on the job's last
 * attempt the runtime answers from the recorded actions instead, so no call is left without an analysis.
 */
export function registerCallAnalysis(deps: Deps, a: CallAnalysis) {
  const { db } = deps;
  a.queue.register(CALL_ANALYZE_JOB, async (payload: { callId: string }, job: JobRow) => {
    const row = await callsRepository.byId(db, payload.callId);
    if (!row || row.status !== 'completed' || row.analysis != null) return;
    const transcript = fromJson<CallTurn[]>(row.transcript, [])
      .filter((t) => t.text.trim())
      .map((t) => ({ role: t.role === 'caller' ? ('customer' as const) : ('agent' as const), text: t.text }));
    const { analysis, tokens } = await a.analyze({
      accountId: row.agent_id,
      channel: 'voice',
      transcript,
      actions: actionsOf(fromJson<CallEvent[]>(row.events, [])),
      transferred: row.transfer_status === 'connected',
      lastAttempt: job.attempts >= job.max_attempts,
    });
    await db.transaction().execute(async (trx) => {
      if (!(await callsRepository.setAnalysis(trx, row.id, toJson(analysis)))) return;
      await a.recordAnalysisUsage(trx, row.agent_id, tokens, `analysis:call:${row.id}`);
      await emitWebhookEvent(trx, {
        accountId: row.account_id,
        agentId: row.agent_id,
        type: 'call.analyzed',
        key: `call.analyzed:${row.id}`,
        data: { callId: row.id, direction: row.direction, from: row.from_number, to: row.to_number, roomId: row.room_id, analysis },
      });
      const inbound = row.direction !== 'outbound';
      await recordLog(trx, {
        accountId: row.account_id,
        agentId: row.agent_id,
        kind: 'analysis',
        status: 'ok',
        direction: row.direction === 'web' ? null : row.direction,
        contact: inbound ? row.from_number : row.to_number,
        number: inbound ? row.to_number : row.from_number,
        roomId: row.room_id,
        summary: analysis.summary,
        details: {
          callId: row.id,
          outcome: analysis.outcome,
          sentiment: analysis.sentiment,
          fields: analysis.fields,
          source: analysis.source,
          tokens,
        },
        key: `analysis:call:${row.id}`,
      });
    });
  });
}
