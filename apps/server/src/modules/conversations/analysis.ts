import type { Deps } from '../../deps.ts';
import { toJson } from '../../platform/db/columns.ts';
import type { JobQueue } from '../../platform/jobs/queue.ts';
import type { DbOrTx } from '../../db.ts';
import { recordLog } from '../logs/index.ts';
import { emitWebhookEvent } from '../webhooks/index.ts';
import type { AgentAnalysisInput, AgentResponder } from './agentAdapter.ts';
import type { Messaging } from './messaging.ts';
import { scopeOf } from './owner.ts';
import { messagesRepository, roomsRepository, type MessageRow, type RoomRow } from './repository.ts';

/** The messages an analysis reads at most (the latest). */
const MAX_MESSAGES = 200;
export const ANALYZE_JOB = 'conversation.analyze';

/** Which close of the room an analysis describes: the room and its last message then. */
export const analysisKeyOf = (room: RoomRow) => `${room.id}:${room.last_message_id ?? 0}`;

/** Enqueues the analysis of a conversation that just closed (in the close's transaction; once per close). */
export async function enqueueAnalysis(queue: JobQueue, trx: DbOrTx, room: RoomRow): Promise<void> {
  if (!room.last_message_id) return;
  const key = analysisKeyOf(room);
  await queue.enqueue(ANALYZE_JOB, { roomPk: room.id, key }, { key: `analyze:room:${key}` }, trx);
}

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
 * The analysis job: reads the closed conversation, asks the agent runtime for its analysis, and stores it
 * on the room with its `conversation.analyzed` webhook and the tokens as model usage, in one transaction
 * that only the first run for that close gets to commit (a retry, or a second run, changes nothing).
 */
export function registerAnalysisJob(deps: Deps, queue: JobQueue, m: Messaging, agent: AgentResponder) {
  const { db } = deps;
  queue.register(ANALYZE_JOB, async (payload: { roomPk: number; key: string }) => {
    const room = await roomsRepository.byId(db, payload.roomPk);
    if (!room || room.analysis_key === payload.key || !agent.analyze) return;
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
    const { analysis, tokens } = await agent.analyze({ accountId, channel: room.channel, transcript, actions });
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
