import { ANALYSIS_IDLE_MS, ANALYSIS_MAX_ATTEMPTS } from '@switchboard/core';
import type { DbOrTx } from '../../db.ts';
import { isSet } from '../../platform/db/columns.ts';
import type { JobQueue } from '../../platform/jobs/queue.ts';
import type { RoomRow } from './repository.ts';

/**
 * When a conversation is analyzed: as it closes, and when it goes idle (nobody wrote in it for
 * ANALYSIS_IDLE_MS). Both are jobs in the durable queue, so a restart loses none: every message
 * enqueues a delayed idle job for the room as that message leaves it, and the job, when it falls due,
 * analyzes only if that message is still the room's latest (a later message enqueued its own).
 */
export const ANALYZE_JOB = 'conversation.analyze';

/** Which state of the room an analysis describes: the room and its last message then. */
export const analysisKeyOf = (room: RoomRow) => `${room.id}:${room.last_message_id ?? 0}`;

export interface AnalyzePayload {
  roomPk: number;
  key: string;
  /** Enqueued by a message for when the room goes idle: analyzes only if no message came since. */
  idle?: boolean;
}

/** Enqueues the analysis of a conversation that just closed (in the close's transaction; once per close). */
export async function enqueueAnalysis(queue: JobQueue, trx: DbOrTx, room: RoomRow): Promise<void> {
  if (!room.last_message_id) return;
  const key = analysisKeyOf(room);
  const payload: AnalyzePayload = { roomPk: room.id, key };
  await queue.enqueue(ANALYZE_JOB, payload, { key: `analyze:room:${key}`, maxAttempts: ANALYSIS_MAX_ATTEMPTS }, trx);
}

/** Enqueues the idle analysis for the room as its latest message leaves it (group rooms have none). */
export async function enqueueIdleAnalysis(queue: JobQueue, trx: DbOrTx, room: RoomRow): Promise<void> {
  if (!room.last_message_id || isSet(room.is_group)) return;
  const key = analysisKeyOf(room);
  const payload: AnalyzePayload = { roomPk: room.id, key, idle: true };
  await queue.enqueue(
    ANALYZE_JOB,
    payload,
    { key: `analyze:idle:${key}`, delayMs: ANALYSIS_IDLE_MS, maxAttempts: ANALYSIS_MAX_ATTEMPTS },
    trx,
  );
}
