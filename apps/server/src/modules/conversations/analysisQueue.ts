import { ANALYSIS_IDLE_MS, ANALYSIS_MAX_ATTEMPTS } from '@switchboard/core';
import type { DbOrTx } from '../../db.ts';
import { isSet } from '../../platform/db/columns.ts';
import type { JobQueue } from '../../platform/jobs/queue.ts';
import type { RoomRow } from './repository.ts';

/**
 * When a conversation is analyzed: as it closes, and when it goes idle (nobody wrote in it for
 * ANALYSIS_IDLE_MS). Both are jobs in the durable queue, so a restart loses none. The idle analysis is
 * one job per room (`analyze:idle:<room>`), moved to ANALYSIS_IDLE_MS after each message as that message
 * leaves the room (`JobQueue.reschedule`), so a busy room keeps one row, not one per message; it carries
 * the room's state at its last message and, when it falls due, analyzes only if that message is still
 * the room's latest.
 */
export const ANALYZE_JOB = 'conversation.analyze';

/** Which state of the room an analysis describes: the room and its last message then. */
export const analysisKeyOf = (room: RoomRow) => `${room.id}:${room.last_message_id ?? 0}`;

export interface AnalyzePayload {
  roomPk: number;
  key: string;
  /** The room's idle analysis, moved later by each message: analyzes only if no message came since. */
  idle?: boolean;
}

/** Enqueues the analysis of a conversation that just closed (in the close's transaction; once per close). */
export async function enqueueAnalysis(queue: JobQueue, trx: DbOrTx, room: RoomRow): Promise<void> {
  if (!room.last_message_id) return;
  const key = analysisKeyOf(room);
  const payload: AnalyzePayload = { roomPk: room.id, key };
  await queue.enqueue(ANALYZE_JOB, payload, { key: `analyze:room:${key}`, maxAttempts: ANALYSIS_MAX_ATTEMPTS }, trx);
}

/** Moves the room's idle analysis to ANALYSIS_IDLE_MS after its latest message (group rooms have none). */
export async function scheduleIdleAnalysis(queue: JobQueue, trx: DbOrTx, room: RoomRow): Promise<void> {
  if (!room.last_message_id || isSet(room.is_group)) return;
  const payload: AnalyzePayload = { roomPk: room.id, key: analysisKeyOf(room), idle: true };
  await queue.reschedule(
    ANALYZE_JOB,
    payload,
    { key: `analyze:idle:${room.id}`, delayMs: ANALYSIS_IDLE_MS, maxAttempts: ANALYSIS_MAX_ATTEMPTS },
    trx,
  );
}
