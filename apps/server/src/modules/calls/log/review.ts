import type { Call } from '@switchboard/core/contracts/calls';
import type { DbOrTx } from '../../../db.ts';
import { fromJson } from '../../../platform/db/columns.ts';
import { roomRatings } from '../../conversations/index.ts';
import { planCallCosts } from '../costs/costs.ts';
import { toCall } from '../mappers.ts';
import { LONG_SILENCE_MS, type CallEvent } from '../media/session.ts';
import { callsRepository, type CallRow } from '../repository.ts';

/** A conversation rated this or lower puts its calls in the review queue. */
const LOW_RATING = 2;

/** Why a finished call deserves a person's look (the super admin's review queue). */
export function reviewReasons(r: CallRow, rating?: number): string[] {
  const reasons: string[] = [];
  if (rating != null && rating <= LOW_RATING) reasons.push(`low rating (${rating})`);
  if (r.transfer_status && r.transfer_status !== 'connected') reasons.push(`transfer did not connect (${r.transfer_status})`);
  if (r.status === 'failed') reasons.push(`failed${r.end_reason ? `: ${r.end_reason}` : ''}`);
  if (r.status === 'no-answer') reasons.push('no answer');
  const events = fromJson<CallEvent[]>(r.events, []);
  const silence = events.filter((e) => e.type === 'silence').reduce((m, e) => Math.max(m, Number(e.detail ?? 0)), 0);
  if (silence >= LONG_SILENCE_MS) reasons.push(`long silence (${Math.round(silence / 1000)} s)`);
  if (events.some((e) => e.type === 'notice')) reasons.push('speech engine missing');
  return reasons;
}

/** The review queue (super admin): failed and unanswered calls, long silences, missing engines. */
export async function callsForReview(db: DbOrTx): Promise<(Call & { reasons: string[] })[]> {
  const rows = await callsRepository.forReview(db, 500);
  const ratings = await roomRatings(
    db,
    rows.flatMap((r) => (r.room_id ? [r.room_id] : [])),
  );
  const flagged = rows
    .map((r) => ({ row: r, reasons: reviewReasons(r, r.room_id ? ratings.get(r.room_id) : undefined) }))
    .filter((c) => c.reasons.length > 0)
    .slice(0, 100);
  // Costed like the call log: by each organization's plan.
  const costs = await planCallCosts(
    db,
    flagged.map((c) => c.row),
  );
  return flagged.map(({ row, reasons }) => ({ ...toCall(row, costs.get(row.id)), reasons }));
}
