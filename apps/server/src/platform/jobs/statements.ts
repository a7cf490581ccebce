import { sql, type Selectable } from 'kysely';
import { toJson } from '../db/columns.ts';
import { compiledQuery, compiledWrite } from '../db/compiled.ts';
import type { JobsTable } from '../db/tables.ts';

/** The job queue's statements (queue.ts runs them). */

export type JobRow = Selectable<JobsTable>;

export interface EnqueueOptions {
  key: string;
  delayMs?: number;
  maxAttempts?: number;
  /**
   * Jobs of one lane (a webhook endpoint's deliveries) run one at a time, in the order they were queued
   * (by id, among those due: one waiting for a later retry holds nothing back); jobs of different lanes
   * run side by side, up to the worker's concurrency, in this process and across processes.
   */
  lane?: string;
}

/** A job's columns when it is queued afresh (enqueued, or moved by reschedule). */
export function queuedState(payload: unknown, o: EnqueueOptions, now: number) {
  return {
    payload: toJson(payload),
    status: 'queued' as const,
    attempts: 0,
    max_attempts: o.maxAttempts ?? 8,
    run_at: now + (o.delayMs ?? 0),
    locked_until: null,
    locked_by: null,
    last_error: null,
    updated_at: now,
    lane: o.lane ?? null,
  };
}

/** Enqueue and reschedule run in the transactions of most writes (every sent message): compiled once (db/compiled.ts). */
export const insertJob = compiledWrite<{ id: number }>(0, (db, row) =>
  db
    .insertInto('jobs')
    .values(row)
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returning('id'),
);
/** The same row inserted, or the key's job moved to it (every column but the key, kind and creation time). */
export const upsertJob = compiledWrite<never>(0, (db, row) => {
  const { kind: _kind, idempotency_key: _key, created_at: _created, ...moved } = row;
  return db
    .insertInto('jobs')
    .values(row)
    .onConflict((oc) => oc.column('idempotency_key').doUpdateSet(moved));
});

/** One job's acknowledgement by its lease holder, compiled once: every webhook delivery writes it. */
export const acknowledgeJob = compiledQuery<never, [number, number, string | null]>(3, (db, at, id, holder) =>
  db
    .updateTable('jobs')
    .set({ status: 'done', locked_until: null, last_error: null, updated_at: at as number })
    .where('id', '=', id as number)
    .where('locked_by', '=', holder as string),
);

/**
 * The claim (JobQueue.claimMany): runnable jobs of up to `max` lanes, each lane's head and its next due
 * jobs up to `perLane`, and with `unlaned` the oldest due job without a lane, marked running under a
 * lease held by `workerId`; on PostgreSQL the heads locked with SKIP LOCKED.
 */
export function claimStatement(c: {
  now: number;
  lease: number;
  pg: boolean;
  max: number;
  unlaned: boolean;
  perLane: number;
  workerId: string;
}) {
  const due = (t: string) =>
    sql`((${sql.ref(`${t}.status`)} = 'queued' and ${sql.ref(`${t}.run_at`)} <= ${c.now}) or (${sql.ref(`${t}.status`)} = 'running' and ${sql.ref(`${t}.locked_until`)} < ${c.now}))`;
  // The oldest due job of each lane (one pass over the due jobs), unless its lane has one running.
  const laneHeads = sql`j.id in (select min(x.id) from jobs x where x.lane is not null and ${due('x')}
      and x.lane not in (select e.lane from jobs e where e.status = 'running' and e.locked_until >= ${c.now} and e.lane is not null)
      group by x.lane)`;
  const oldestUnlaned = c.unlaned
    ? sql`or (j.lane is null and j.id = (select u.id from jobs u where u.lane is null and ${due('u')} order by u.run_at, u.id limit 1))`
    : sql``;
  const perLane = Math.max(1, c.perLane);
  // A claimed head's lane: its next due jobs in queue order (the head is the first of them).
  const rest =
    perLane > 1
      ? sql`or id in (select r.id from (select x.id, row_number() over (partition by x.lane order by x.id) as rn from jobs x
          where x.lane in (select h.lane from heads h where h.lane is not null) and ${due('x')}) r where r.rn <= ${perLane})`
      : sql``;
  return sql<JobRow>`
    with heads as (
      select j.id, j.lane from jobs j
      where ${due('j')} and ((j.lane is not null and ${laneHeads}) ${oldestUnlaned})
      order by j.run_at, j.id limit ${c.max} ${c.pg ? sql`for update skip locked` : sql``})
    update jobs set status = 'running', locked_until = ${c.lease}, locked_by = ${c.workerId},
      attempts = attempts + 1, updated_at = ${c.now}
    where id in (select h.id from heads h) ${rest}
    returning *`;
}
