import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import { dialectOf, fromJson, toJson } from '../db/columns.ts';
import type { Db, DbOrTx } from '../db/index.ts';
import type { JobsTable } from '../db/tables.ts';
import type { Selectable } from 'kysely';

/**
 * A durable job queue in the database (the default; survives a restart). A job is enqueued under an
 * idempotency key (a second enqueue with the same key is a no-op), claimed with a lease (a worker that
 * dies leaves the job to be claimed again when the lease ends), retried with exponential backoff, and
 * acknowledged only after its handler returned. Handlers must therefore be idempotent: every handler
 * here checks its own effect before acting and sends through keyed provider calls.
 */
export type JobRow = Selectable<JobsTable>;

export interface EnqueueOptions {
  key: string;
  delayMs?: number;
  maxAttempts?: number;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each handler declares the payload its own job kind enqueues
export type JobHandler = (payload: any, job: JobRow) => Promise<void>;

/** A failure that retrying cannot fix: the job is marked failed at once. */
export class PermanentJobError extends Error {}

export const JOB_LEASE_MS = 30_000;
export const JOB_BACKOFF_BASE_MS = 1_000;
export const JOB_BACKOFF_MAX_MS = 5 * 60_000;

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
  private active: Promise<void> | null = null;
  /** Told each run's outcome (metrics count them). */
  onOutcome: ((kind: string, outcome: 'done' | 'retry' | 'failed') => void) | null = null;
  /** The clock; tests move it forward to expire leases and backoffs. */
  now: () => number = () => Date.now();

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
    const row = await trx
      .insertInto('jobs')
      .values({
        kind,
        payload: toJson(payload),
        idempotency_key: o.key,
        status: 'queued',
        attempts: 0,
        max_attempts: o.maxAttempts ?? 8,
        run_at: now + (o.delayMs ?? 0),
        locked_until: null,
        locked_by: null,
        last_error: null,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('idempotency_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (trx === this.db) this.kick();
    else this.kickAfterCommit = true;
    return row != null;
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
    const moved = {
      payload: toJson(payload),
      status: 'queued' as const,
      attempts: 0,
      max_attempts: o.maxAttempts ?? 8,
      run_at: now + (o.delayMs ?? 0),
      locked_until: null,
      locked_by: null,
      last_error: null,
      updated_at: now,
    };
    await trx
      .insertInto('jobs')
      .values({ kind, idempotency_key: o.key, created_at: now, ...moved })
      .onConflict((oc) => oc.column('idempotency_key').doUpdateSet(moved))
      .execute();
    // A job due later is found by the worker's polling; waking it now would find nothing to run.
    if (o.delayMs) return;
    if (trx === this.db) this.kick();
    else this.kickAfterCommit = true;
  }

  /** Claims the next runnable job (queued and due, or running with an expired lease). */
  async claim(workerId = this.workerId): Promise<JobRow | null> {
    const now = this.now();
    const lease = now + JOB_LEASE_MS;
    if (dialectOf(this.db) === 'postgres') {
      const res = await sql<JobRow>`
        UPDATE jobs SET status = 'running', locked_until = ${lease}, locked_by = ${workerId},
          attempts = attempts + 1, updated_at = ${now}
        WHERE id = (
          SELECT id FROM jobs
          WHERE (status = 'queued' AND run_at <= ${now}) OR (status = 'running' AND locked_until < ${now})
          ORDER BY run_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING *`.execute(this.db);
      return res.rows[0] ?? null;
    }
    // SQLite has one writer at a time: the select and update below cannot interleave with another
    // claim inside one transaction.
    return this.db.transaction().execute(async (trx) => {
      const next = await trx
        .selectFrom('jobs')
        .select('id')
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'queued'), eb('run_at', '<=', now)]),
            eb.and([eb('status', '=', 'running'), eb('locked_until', '<', now)]),
          ]),
        )
        .orderBy('run_at')
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
      if (!next) return null;
      return (
        (await trx
          .updateTable('jobs')
          .set((eb) => ({ status: 'running', locked_until: lease, locked_by: workerId, attempts: eb('attempts', '+', 1), updated_at: now }))
          .where('id', '=', next.id)
          .returningAll()
          .executeTakeFirst()) ?? null
      );
    });
  }

  /** Acknowledges a job; only the worker holding the lease can. */
  async complete(job: JobRow): Promise<void> {
    await this.db
      .updateTable('jobs')
      .set({ status: 'done', locked_until: null, last_error: null, updated_at: this.now() })
      .where('id', '=', job.id)
      .where('locked_by', '=', job.locked_by)
      .execute();
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
      await handler(fromJson(job.payload, {}), job);
      if (opts.ack === false) return 'done';
      await this.complete(job);
      this.onOutcome?.(job.kind, 'done');
      return 'done';
    } catch (err) {
      await this.fail(job, err);
      const outcome = err instanceof PermanentJobError || job.attempts >= job.max_attempts ? 'failed' : 'retry';
      this.onOutcome?.(job.kind, outcome);
      return outcome;
    }
  }

  /** Runs due jobs until none is left (tests and the worker loop). Returns how many ran. */
  async drain(limit = 1000): Promise<number> {
    let n = 0;
    for (; n < limit; n++) {
      const job = await this.claim();
      if (!job) break;
      await this.execute(job);
    }
    return n;
  }

  /** Starts the background worker: polls, and wakes at once when this process enqueues. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
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
      do {
        this.kicked = false;
        await this.drain(100);
      } while (this.kicked && !this.stopped);
    } catch (err) {
      this.log.error({ err }, 'job worker error');
    } finally {
      this.running = false;
      this.schedule(this.opts.pollMs ?? 1000);
    }
  }
}
