import type { Deps } from '../../deps.ts';
import { toJson } from '../../platform/db/columns.ts';
import type { JobQueue, JobRow } from '../../platform/jobs/queue.ts';
import { recordLog } from '../logs/index.ts';
import { emitWebhookEvent } from '../webhooks/index.ts';
import type { AgentAnalysisInput, AgentResponder } from './agentAdapter.ts';
import { ANALYZE_JOB, analysisKeyOf, type AnalyzePayload } from './analysisQueue.ts';
import type { Messaging } from './messaging.ts';
import { scopeOf } from './owner.ts';
import { messagesRepository, roomsRepository, type MessageRow } from './repository.ts';

/** The messages an analysis reads at most (the latest). */
const MAX_MESSAGES = 200;
/** An action recorded in the thread ("Message taken · name: Victor · phone: +1…"), read back into its parts. */
const ACTION_NAMES: Record<string, string> = {
  'Booked an appointment': 'book_appointment',
  'Took a message': 'take_message',
  'Message taken': 'message_taken',
  'Asked to transfer to a person': 'transfer_call',
};
function actionOf(m: MessageRow): AgentAnalysisInput['actions'][number] | null {
  if (m.sender_kind !== 'system' || !m.event_kind) return null;
  const [head, ...parts] = m.body.split(' · ');
  const failed = head!.endsWith(' (failed)');
  const label = head!.replace(/ \(failed\)$/, '');
  const name = ACTION_NAMES[label] ?? label.replace(/^Ran /, '').replace(/ /g, '_');
  const args: Record<string, unknown> = {};
  for (const p of parts) {
    const at = p.indexOf(': ');
    if (at > 0) args[p.slice(0, at).replace(/ /g, '_')] = p.slice(at + 2);
  }
  return { name, ok: !failed, arguments: args };
}

/**
 * The analysis job: reads the closed (or idle) conversation, asks the agent runtime for its analysis,
 * and stores it on the room with its `conversation.analyzed` webhook and the tokens as model usage, in
 * one transaction that only the first run for that state of the room (its key) gets to commit: a retry,
 * a second close, or the idle job of a conversation already analyzed as it closed, changes nothing.
 * When the model fails the runtime throws, and the queue runs the job again later; on its last attempt
 * the runtime answers from the recorded actions instead, so the conversation is never left without one.
 */
export function registerAnalysisJob(deps: Deps, queue: JobQueue, m: Messaging, agent: AgentResponder) {
  const { db } = deps;
  queue.register(ANALYZE_JOB, async (payload: AnalyzePayload, job: JobRow) => {
    const room = await roomsRepository.byId(db, payload.roomPk);
    if (!room || room.analysis_key === payload.key || !agent.analyze) return;
    // Idle since that message? A later one enqueued its own idle job (and a close its own analysis).
    if (payload.idle && analysisKeyOf(room) !== payload.key) return;
    const rows = (await messagesRepository.page(db, room.id, { limit: MAX_MESSAGES, includeBlocked: false })).reverse();
    const transcript: AgentAnalysisInput['transcript'] = [];
    const actions: AgentAnalysisInput['actions'] = [];
    for (const r of rows) {
      const a = actionOf(r);
      if (a) actions.push(a);
      else if (r.sender_kind !== 'system' && r.body.trim())
        transcript.push({ role: r.direction === 'inbound' ? 'customer' : 'agent', text: r.body });
    }
    const accountId = room.agent_id ?? room.account_id;
    const { analysis, tokens } = await agent.analyze({
      accountId,
      channel: room.channel,
      transcript,
      actions,
      lastAttempt: job.attempts >= job.max_attempts,
    });
    await m.write(async (trx, emit) => {
      const saved = await roomsRepository.setAnalysis(trx, room.id, payload.key, toJson(analysis));
      if (!saved) return;
      await agent.recordAnalysisUsage?.(trx, accountId, tokens, `analysis:room:${payload.key}`);
      await emitWebhookEvent(trx, {
        accountId: room.account_id,
        agentId: room.agent_id,
        type: 'conversation.analyzed',
        key: `conversation.analyzed:${payload.key}`,
        data: { roomId: room.room_id, channel: room.channel, contact: room.username, analysis },
      });
      await recordLog(trx, {
        accountId: room.account_id,
        agentId: room.agent_id,
        kind: 'analysis',
        status: 'ok',
        contact: room.contact_address,
        number: room.our_address,
        roomId: room.room_id,
        summary: analysis.summary,
        details: { outcome: analysis.outcome, sentiment: analysis.sentiment, fields: analysis.fields, source: analysis.source, tokens },
        key: `analysis:room:${payload.key}`,
      });
      await emit({
        type: 'conversation.updated',
        ...scopeOf(saved),
        payload: { roomId: saved.room_id, room: await m.roomDtoOf(trx, saved, 0) },
      });
    });
  });
}
