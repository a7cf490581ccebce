import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import { dialectOf, fromJson } from '../db/columns.ts';
import type { Db, DbOrTx } from '../db/index.ts';
import type { PlatformTables } from '../db/tables.ts';
import type { UpdateObject } from 'kysely';
import { acknowledgeJob, claimStatement, insertJob, queuedState, upsertJob, type EnqueueOptions, type JobRow } from './statements.ts';

export type { EnqueueOptions, JobRow } from './statements.ts';

/*
 * A durable job queue in the database (the default; survives a restart). A job is enqueued under an
 * idempotency key (a second enqueue with the same key is a no-op), claimed with a lease (a worker that
 * dies leaves the job to be claimed again when the lease ends), retried with exponential backoff, and
 * acknowledged only after its handler returned. Handlers must therefore be idempotent: every handler
 * here checks its own effect before acting and sends through keyed provider calls.
 */

/**
 * A handler may acknowledge its job itself, inside the transaction that records its effect
 * (`queue.complete(job, trx)`), and then answers 'acked': effect and acknowledgement commit together.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each handler declares the payload its own job kind enqueues
export type JobHandler = (payload: any, job: JobRow) => Promise<void | 'acked'>;

/** A failure that retrying cannot fix: the job is marked failed at once. */
export class PermanentJobError extends Error {}

let latestNow = 0;
/** The wall clock, never running backwards in this process (a VM's clock set back would leave jobs just queued not due). */
export function queueClock(): number {
  latestNow = Math.max(latestNow, Date.now());
  return latestNow;
}

export const JOB_LEASE_MS = 30_000;
export const JOB_BACKOFF_BASE_MS = 1_000;
export const JOB_BACKOFF_MAX_MS = 5 * 60_000;
/** Jobs with a lane run side by side up to this many per worker; jobs without one, one at a time. */
export const JOB_CONCURRENCY = 16;
/**
 * A lane's due jobs claimed at once, run one after another by the worker that claimed them. A claim
 * reads every due job to find the lanes' heads (about 3 ms with 2,500 queued), so a longer batch claims
 * less often: 64 instead of 16 took the claims' share of a webhook backlog from 20 to 8 µs a delivery.
 */
export const JOB_LANE_BATCH = 64;

export function backoffMs(attempts: number): number {
  return Math.min(JOB_BACKOFF_MAX_MS, JOB_BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
}

export class JobQueue {
  private readonly handlers = new Map<string, JobHandler>();
  readonly workerId = `w-${process.pid}-${crypto.randomBytes(4).toString('hex')}`;
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private stopped = true;
  private kicked = false;
  private kickAfterCommit = false;
  /** Set by stop(): a lane's claimed jobs not yet started go back to the queue. */
  private closing = false;
  private active: Promise<void> | null = null;
  /** Told each run's outcome (metrics count them). */
  onOutcome: ((kind: string, outcome: 'done' | 'retry' | 'failed') => void) | null = null;
  /** The clock; tests move it forward to expire leases and backoffs. */
  now: () => number = queueClock;

  constructor(
    private readonly db: Db,
    private readonly log: Logger,
    private readonly opts: { pollMs?: number; concurrency?: number } = {},
  ) {}

  register(kind: string, handler: JobHandler): void {
    this.handlers.set(kind, handler);
  }

  /** Adds a job (inside the caller's transaction when given one). Returns false when the key exists. */
  async enqueue(kind: string, payload: unknown, o: EnqueueOptions, trx: DbOrTx = this.db): Promise<boolean> {
    const now = this.now();
    const [row] = await insertJob(trx, { kind, idempotency_key: o.key, created_at: now, ...queuedState(payload, o, now) });
    this.wake(trx);
    return row != null;
  }

  /** Wakes the worker now, or once the caller's transaction commits. */
  private wake(trx: DbOrTx): void {
    if (trx === this.db) this.kick();
    else this.kickAfterCommit = true;
  }

  /**
   * A timer kept as one job per key: enqueues it, or moves the key's job (whatever its state) to run
   * `delayMs` from now with the new payload and fresh attempts, as a timer restarted by each event is
   * (the idle analysis of a conversation: one row per room, however many messages). A run in progress
   * keeps going, but its acknowledgement no longer matches the job (the lease is released), so the job
   * stays due at its new time.
   */
  async reschedule(kind: string, payload: unknown, o: EnqueueOptions, trx: DbOrTx = this.db): Promise<void> {
    const now = this.now();
    await upsertJob(trx, { kind, idempotency_key: o.key, created_at: now, ...queuedState(payload, o, now) });
    // A job due later is found by the worker's polling; waking it now would find nothing to run.
    if (o.delayMs) return;
    this.wake(trx);
  }

  /** Claims the next runnable job (queued and due, or running with an expired lease). */
  async claim(workerId = this.workerId): Promise<JobRow | null> {
    return (await this.claimMany(1, { unlaned: true, workerId }))[0] ?? null;
  }

  /**
   * Claims runnable jobs of up to `max` lanes in one statement, oldest first: due (queued and due, or
   * running with an expired lease), and of a lane with no job running under a live lease. Of each such
   * lane its oldest due job (the lane's head) and, with `perLane` above 1, its next due jobs in queue
   * order up to that many, which the worker runs one after another. With `unlaned`, also the oldest due
   * job without a lane (one: those run one at a time in a worker). On PostgreSQL the heads are locked
   * with SKIP LOCKED and a lane's further jobs are taken only with its head, so two workers claiming at
   * once never split a lane.
   */
  async claimMany(max: number, o: { unlaned: boolean; workerId?: string; perLane?: number }): Promise<JobRow[]> {
    const now = this.now();
    const lease = now + JOB_LEASE_MS;
    const pg = dialectOf(this.db) === 'postgres';
    const res = await claimStatement({
      now,
      lease,
      pg,
      max,
      unlaned: o.unlaned,
      perLane: o.perLane ?? 1,
      workerId: o.workerId ?? this.workerId,
    }).execute(this.db);
    // SQLite runs the statement alone (one writer), so no two claims interleave.
    return res.rows.sort((a, b) => Number(a.run_at) - Number(b.run_at) || a.id - b.id);
  }

  /**
   * Keeps the lease of a lane's claimed jobs not yet run (a batch running long): renewed once a third of
   * it has passed. False when another worker has taken any of them (the lease ran out): those still held
   * are given back and the caller stops.
   */
  private async holdLease(jobs: JobRow[]): Promise<boolean> {
    const now = this.now();
    if (Number(jobs[0]!.locked_until) - now > (JOB_LEASE_MS * 2) / 3) return true;
    const renewed = await this.updateHeld(jobs, { locked_until: now + JOB_LEASE_MS, updated_at: now });
    for (const j of jobs) j.locked_until = now + JOB_LEASE_MS;
    if (renewed === jobs.length) return true;
    await this.release(jobs);
    return false;
  }

  /** Gives claimed jobs not yet run back to the queue (the worker stops), as if never claimed. */
  private async release(jobs: JobRow[]): Promise<void> {
    await this.updateHeld(jobs, {
      status: 'queued',
      locked_until: null,
      locked_by: null,
      attempts: sql`attempts - 1`,
      updated_at: this.now(),
    });
  }

  /** Changes those of these claimed jobs that still run under their claim's worker; answers how many. */
  private async updateHeld(jobs: JobRow[], change: UpdateObject<PlatformTables, 'jobs'>): Promise<number> {
    const r = await this.db
      .updateTable('jobs')
      .set(change)
      .where(
        'id',
        'in',
        jobs.map((j) => j.id),
      )
      .where('status', '=', 'running')
      .where('locked_by', '=', jobs[0]!.locked_by)
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  }

  /** Acknowledges a job (inside the handler's transaction when given one); only the worker holding the lease can. */
  async complete(job: JobRow, trx: DbOrTx = this.db): Promise<void> {
    await this.completeMany([job], trx);
  }

  /** Acknowledges several jobs at once (the outcomes a handler records together), each only by its lease holder. */
  async completeMany(jobs: readonly JobRow[], trx: DbOrTx = this.db): Promise<void> {
    for (const holder of new Set(jobs.map((j) => j.locked_by))) {
      const ids = jobs.filter((j) => j.locked_by === holder).map((j) => j.id);
      await trx
        .updateTable('jobs')
        .set({ status: 'done', locked_until: null, last_error: null, updated_at: this.now() })
        .where('id', 'in', ids)
        .where('locked_by', '=', holder)
        .execute();
    }
  }

  /** A job's acknowledgement as a statement bound and not run, for a handler that runs its writes together (`runAllOnSqlite`). */
  completeStatement(job: JobRow) {
    return acknowledgeJob.bound(this.db, this.now(), job.id, job.locked_by);
  }

  async fail(job: JobRow, err: unknown): Promise<void> {
    const permanent = err instanceof PermanentJobError;
    const final = permanent || job.attempts >= job.max_attempts;
    await this.db
      .updateTable('jobs')
      .set({
        status: final ? 'failed' : 'queued',
        run_at: this.now() + backoffMs(job.attempts),
        locked_until: null,
        last_error: String((err as Error)?.message ?? err).slice(0, 500),
        updated_at: this.now(),
      })
      .where('id', '=', job.id)
      .where('locked_by', '=', job.locked_by)
      .execute();
    if (final) this.log.error({ job: job.kind, id: job.id, err: String(err) }, 'job failed for good');
  }

  /**
   * Runs one claimed job through its handler and records the outcome. With `ack: false` the outcome is
   * not recorded, as when the process dies right after the handler's effect: the lease then runs out
   * and another worker runs the job again.
   */
  async execute(job: JobRow, opts: { ack?: boolean } = {}): Promise<'done' | 'retry' | 'failed'> {
    const handler = this.handlers.get(job.kind);
    try {
      if (!handler) throw new PermanentJobError(`No handler for job kind ${job.kind}`);
      const acked = (await handler(fromJson(job.payload, {}), job)) === 'acked';
      if (opts.ack === false) return 'done';
      if (!acked) await this.complete(job);
      this.onOutcome?.(job.kind, 'done');
      return 'done';
    } catch (err) {
      await this.fail(job, err);
      const outcome = err instanceof PermanentJobError || job.attempts >= job.max_attempts ? 'failed' : 'retry';
      this.onOutcome?.(job.kind, outcome);
      return outcome;
    }
  }

  /**
   * Runs due jobs until none is left (tests and the worker loop). Returns how many ran. Lanes run side
   * by side (up to the concurrency), each claimed with its next due jobs (up to JOB_LANE_BATCH) that run
   * one after another in queue order; jobs without a lane, one at a time. It claims again whenever a
   * lane's jobs end and, in the started worker, when this process enqueues and at each poll, so a lane
   * that runs long (an endpoint that takes its 10 s to answer) holds back no other.
   */
  async drain(limit = 1000): Promise<number> {
    const concurrency = this.opts.concurrency ?? JOB_CONCURRENCY;
    const running = new Set<Promise<void>>();
    let unlanedBusy = false;
    let n = 0;
    for (;;) {
      const free = Math.min(concurrency - running.size, limit - n);
      // A stopping worker claims nothing more.
      const claim = free > 0 && !this.closing;
      const jobs = claim ? await this.claimMany(free, { unlaned: !unlanedBusy, perLane: Math.min(JOB_LANE_BATCH, limit - n) }) : [];
      const byLane = new Map<string | null, JobRow[]>();
      for (const job of jobs) {
        const lane = job.lane ?? null;
        const batch = byLane.get(lane);
        if (batch) batch.push(job);
        else byLane.set(lane, [job]);
      }
      for (const [lane, batch] of byLane) {
        batch.sort((a, b) => a.id - b.id);
        n += batch.length;
        if (lane === null) unlanedBusy = true;
        const done: Promise<void> = this.runInOrder(batch).finally(() => {
          running.delete(done);
          if (lane === null) unlanedBusy = false;
        });
        running.add(done);
      }
      if (running.size === 0 && jobs.length === 0) return n;
      // Claim again once a lane's jobs end (its lane, or a slot, is free), or at once after a full claim.
      if (jobs.length === 0 || byLane.size < free || running.size >= concurrency || n >= limit) await this.nextChange(running);
    }
  }

  /** Wakes a drain of the started worker that waits for its lanes (set while it waits). */
  private wakeDrain: (() => void) | null = null;

  /**
   * Until one of the running lanes ends or, in the started worker, until this process enqueues (`kick`)
   * or a poll interval passes (a job queued for later falls due).
   */
  private async nextChange(running: Set<Promise<void>>): Promise<void> {
    if (this.stopped) {
      await Promise.race(running);
      return;
    }
    let timer: NodeJS.Timeout | undefined;
    const woken = new Promise<void>((resolve) => {
      this.wakeDrain = resolve;
      timer = setTimeout(resolve, this.opts.pollMs ?? 1000);
      timer.unref?.();
    });
    try {
      await Promise.race([...running, woken]);
    } finally {
      clearTimeout(timer);
      this.wakeDrain = null;
    }
  }

  /** Runs claimed jobs of one lane one after another, while this worker holds their lease. */
  private async runInOrder(batch: JobRow[]): Promise<void> {
    for (let i = 0; i < batch.length; i++) {
      const rest = batch.slice(i);
      if (i > 0 && this.closing) return this.release(rest).catch((err: unknown) => this.log.error({ err }, 'job release failed'));
      if (i > 0 && !(await this.holdLease(rest).catch(() => false))) return;
      const job = batch[i]!;
      await this.execute(job).catch((err: unknown) => this.log.error({ err, job: job.kind, id: job.id }, 'job run failed'));
    }
  }

  /** Starts the background worker: polls, and wakes at once when this process enqueues. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.closing = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.closing = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.active;
  }

  /** After a transaction that may have enqueued jobs: wakes the worker only if it did. */
  kickIfEnqueued(): void {
    if (!this.kickAfterCommit) return;
    this.kickAfterCommit = false;
    this.kick();
  }

  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.kicked = true;
      this.wakeDrain?.();
      return;
    }
    this.schedule(0);
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.active = this.loop();
    }, ms);
    this.timer.unref?.();
  }

  private async loop(): Promise<void> {
    if (this.running || this.stopped) return;
    this.running = true;
    try {
      // No limit: the drain claims as lanes end until nothing is due (a backlog drains without waiting
      // for the poll); again at once when woken after its last claim.
      do {
        this.kicked = false;
        await this.drain(Number.POSITIVE_INFINITY);
      } while (this.kicked && !this.stopped);
    } catch (err) {
      this.log.error({ err }, 'job worker error');
    } finally {
      this.running = false;
      this.schedule(this.opts.pollMs ?? 1000);
    }
  }
}
