import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { backoffMs, JOB_LEASE_MS, JobQueue, PermanentJobError } from './queue.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ JOBS_AUTOSTART: 'false' });
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.database.db.deleteFrom('jobs').execute();
});

const status = async (key: string) =>
  t.database.db
    .selectFrom('jobs')
    .select(['status', 'attempts', 'run_at', 'last_error'])
    .where('idempotency_key', '=', key)
    .executeTakeFirstOrThrow();

describe('the database job queue', () => {
  it('enqueues once per idempotency key', async () => {
    const q = new JobQueue(t.database.db, t.services.deps.log);
    expect(await q.enqueue('noop', {}, { key: 'once' })).toBe(true);
    expect(await q.enqueue('noop', {}, { key: 'once' })).toBe(false);
    const rows = await t.database.db.selectFrom('jobs').select('id').where('idempotency_key', '=', 'once').execute();
    expect(rows).toHaveLength(1);
  });

  it('retries a failing job with growing backoff, then succeeds', async () => {
    const q = new JobQueue(t.database.db, t.services.deps.log);
    let clock = Date.now();
    q.now = () => clock;
    let calls = 0;
    q.register('flaky', async () => {
      calls++;
      if (calls < 3) throw new Error(`boom ${calls}`);
    });
    await q.enqueue('flaky', {}, { key: 'flaky-1' });
    expect(await q.drain()).toBe(1);
    expect(await status('flaky-1')).toMatchObject({ status: 'queued', attempts: 1, last_error: 'boom 1' });
    // Not due until the backoff has passed.
    expect(await q.drain()).toBe(0);
    clock += backoffMs(1);
    await q.drain();
    expect(await status('flaky-1')).toMatchObject({ status: 'queued', attempts: 2 });
    expect(backoffMs(2)).toBe(2 * backoffMs(1));
    clock += backoffMs(2);
    await q.drain();
    expect(await status('flaky-1')).toMatchObject({ status: 'done', attempts: 3 });
    expect(calls).toBe(3);
  });

  it('a started worker drains a backlog without waiting for the next poll', async () => {
    // A poll a minute away: only the worker going on at once, round after round, runs them all in time.
    const q = new JobQueue(t.database.db, t.services.deps.log, { pollMs: 60_000 });
    let ran = 0;
    q.register('backlog', async () => {
      ran++;
    });
    const total = 350;
    for (let i = 0; i < total; i++) await q.enqueue('backlog', {}, { key: `backlog-${i}`, lane: `lane-${i % 5}` });
    q.start();
    try {
      await vi.waitFor(() => expect(ran).toBe(total), { timeout: 20_000, interval: 50 });
    } finally {
      await q.stop();
    }
    const left = await t.database.db.selectFrom('jobs').select('id').where('status', '!=', 'done').execute();
    expect(left).toEqual([]);
  });

  /** A started worker busy with a job of lane 'slow' that runs until `stop`; `ran` records what ran. */
  async function workerBusyWithSlowLane(pollMs: number) {
    const q = new JobQueue(t.database.db, t.services.deps.log, { pollMs });
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const ran: string[] = [];
    q.register('slow', async () => {
      ran.push('slow started');
      await gate;
      ran.push('slow ended');
    });
    q.register('other', async (payload: { name: string }) => {
      ran.push(payload.name);
    });
    q.start();
    await q.enqueue('slow', {}, { key: 'slow', lane: 'slow' });
    await vi.waitFor(() => expect(ran).toEqual(['slow started']), { timeout: 5_000, interval: 20 });
    const stop = async () => {
      release();
      await q.stop();
    };
    return { q, ran, stop };
  }

  it('a started worker runs a job queued while another lane’s job runs long, without waiting for that one', async () => {
    const { q, ran, stop } = await workerBusyWithSlowLane(60_000);
    try {
      // Queued now: the worker, busy with the slow lane, is woken and claims it in a free slot.
      await q.enqueue('other', { name: 'quick' }, { key: 'quick', lane: 'quick' });
      await vi.waitFor(() => expect(ran).toEqual(['slow started', 'quick']), { timeout: 5_000, interval: 20 });
    } finally {
      await stop();
    }
    expect(ran).toEqual(['slow started', 'quick', 'slow ended']);
  });

  it('a started worker claims a job that falls due while another lane’s job runs long, at the next poll', async () => {
    const { q, ran, stop } = await workerBusyWithSlowLane(50);
    try {
      // Not due when queued (no wake-up finds it); due 150 ms later, while the slow job still runs.
      await q.enqueue('other', { name: 'later' }, { key: 'later', lane: 'later', delayMs: 150 });
      expect(ran).toEqual(['slow started']);
      await vi.waitFor(() => expect(ran).toEqual(['slow started', 'later']), { timeout: 5_000, interval: 20 });
    } finally {
      await stop();
    }
  });

  it('marks a permanent failure failed at once', async () => {
    const q = new JobQueue(t.database.db, t.services.deps.log);
    q.register('doomed', async () => {
      throw new PermanentJobError('no such thing');
    });
    await q.enqueue('doomed', {}, { key: 'doomed-1' });
    await q.drain();
    expect(await status('doomed-1')).toMatchObject({ status: 'failed', attempts: 1, last_error: 'no such thing' });
  });

  it('survives a restart: a job claimed by a worker that died is run by the next one after the lease', async () => {
    const first = new JobQueue(t.database.db, t.services.deps.log);
    let runs = 0;
    first.register('lease', async () => {
      runs++;
    });
    await first.enqueue('lease', {}, { key: 'lease-1' });
    const claimed = await first.claim();
    expect(claimed?.idempotency_key).toBe('lease-1');
    // The process dies here. A new process (a new queue on the same database) starts.
    const second = new JobQueue(t.database.db, t.services.deps.log);
    second.register('lease', async () => {
      runs++;
    });
    expect(await second.drain()).toBe(0);
    const now = Date.now();
    second.now = () => now + JOB_LEASE_MS + 1;
    expect(await second.drain()).toBe(1);
    expect(runs).toBe(1);
    expect(await status('lease-1')).toMatchObject({ status: 'done', attempts: 2 });
    // The dead worker's late acknowledgement cannot touch the job any more.
    await first.complete(claimed!);
    expect(await status('lease-1')).toMatchObject({ status: 'done' });
  });

  it('keeps a scheduled job as one row per key, moved later by each schedule, even while it runs', async () => {
    const first = new JobQueue(t.database.db, t.services.deps.log);
    let now = Date.now();
    first.now = () => now;
    const seen: unknown[] = [];
    first.register('timer', async (payload) => {
      seen.push(payload);
    });
    await first.reschedule('timer', { n: 1 }, { key: 'timer-1', delayMs: 60_000 });
    now += 30_000;
    await first.reschedule('timer', { n: 2 }, { key: 'timer-1', delayMs: 60_000 });
    const rows = await t.database.db.selectFrom('jobs').select(['run_at', 'status']).where('idempotency_key', '=', 'timer-1').execute();
    expect(rows).toHaveLength(1);
    expect(Number(rows[0]!.run_at)).toBe(now + 60_000);
    // Not due at the first schedule's time any more.
    now += 45_000;
    expect(await first.drain()).toBe(0);
    // Due: claimed; a schedule while it runs moves it again, and the run's acknowledgement leaves it queued.
    now += 15_000;
    const claimed = (await first.claim())!;
    await first.reschedule('timer', { n: 3 }, { key: 'timer-1', delayMs: 60_000 });
    await first.execute(claimed);
    expect(seen).toEqual([{ n: 2 }]);
    expect(await status('timer-1')).toMatchObject({ status: 'queued', attempts: 0 });
    // A new process (the first one gone) runs it at its new time: it survives a restart.
    const second = new JobQueue(t.database.db, t.services.deps.log);
    second.now = () => now;
    second.register('timer', async (payload) => {
      seen.push(payload);
    });
    expect(await second.drain()).toBe(0);
    now += 60_000;
    expect(await second.drain()).toBe(1);
    expect(seen).toEqual([{ n: 2 }, { n: 3 }]);
    expect(await status('timer-1')).toMatchObject({ status: 'done' });
  });

  it('prunes realtime events and finished jobs past the retention', async () => {
    const { RETENTION_MS } = await import('../background.ts');
    const db = t.database.db;
    const old = Date.now() - RETENTION_MS - 1000;
    await db
      .insertInto('events')
      .values({ id: 9_000_001, account_id: 1, agent_id: null, contact_account_id: null, type: 'typing', payload: '{}', created_at: old })
      .execute();
    await db
      .insertInto('events')
      .values({
        id: 9_000_002,
        account_id: 1,
        agent_id: null,
        contact_account_id: null,
        type: 'typing',
        payload: '{}',
        created_at: Date.now(),
      })
      .execute();
    const q = t.services.inbox.queue;
    await q.enqueue('inbox.prune', {}, { key: 'prune-test' });
    await q.drain();
    const left = await db.selectFrom('events').select('id').where('id', 'in', [9_000_001, 9_000_002]).execute();
    expect(left.map((e) => Number(e.id))).toEqual([9_000_002]);
  });
});

describe('lanes', () => {
  /** A handler that records starts and ends and waits until released, so overlaps can be seen. */
  function gated(q: JobQueue) {
    const log: string[] = [];
    const waiting = new Map<string, () => void>();
    let active = 0;
    let maxActive = 0;
    q.register('step', async (p: { lane: string; n: number }) => {
      const name = `${p.lane}${p.n}`;
      log.push(`start ${name}`);
      active++;
      maxActive = Math.max(maxActive, active);
      await new Promise<void>((release) => waiting.set(name, release));
      active--;
      log.push(`end ${name}`);
    });
    const release = async (name: string) => {
      await expect.poll(() => waiting.has(name)).toBe(true);
      waiting.get(name)!();
      waiting.delete(name);
    };
    return { log, release, maxActive: () => maxActive, startedNames: () => [...waiting.keys()] };
  }

  it('runs one lane in queue order, one at a time, and different lanes side by side', async () => {
    const q = new JobQueue(t.database.db, t.services.deps.log);
    const g = gated(q);
    for (let n = 1; n <= 3; n++)
      for (const lane of ['a', 'b']) await q.enqueue('step', { lane, n }, { key: `lane-${lane}-${n}`, lane: `test:${lane}` });
    const drained = q.drain();
    // Both lanes' first jobs start together; nothing of a lane starts before its previous job ends.
    await expect.poll(() => g.startedNames().sort()).toEqual(['a1', 'b1']);
    await g.release('b1');
    await expect.poll(() => g.startedNames().sort()).toEqual(['a1', 'b2']);
    await g.release('a1');
    await g.release('b2');
    await g.release('a2');
    await g.release('b3');
    await g.release('a3');
    expect(await drained).toBe(6);
    const order = (lane: string) => g.log.filter((l) => l.split(' ')[1]!.startsWith(lane));
    expect(order('a')).toEqual(['start a1', 'end a1', 'start a2', 'end a2', 'start a3', 'end a3']);
    expect(order('b')).toEqual(['start b1', 'end b1', 'start b2', 'end b2', 'start b3', 'end b3']);
    expect(g.maxActive()).toBe(2);
  });

  it('a lane whose job waits for its retry does not hold back other lanes', async () => {
    const q = new JobQueue(t.database.db, t.services.deps.log);
    const ran: string[] = [];
    q.register('fails', async () => {
      ran.push('fails');
      throw new Error('down');
    });
    q.register('works', async (p: { n: number }) => {
      ran.push(`works${p.n}`);
    });
    await q.enqueue('fails', {}, { key: 'lane-fail', lane: 'test:down' });
    for (let n = 1; n <= 3; n++) await q.enqueue('works', { n }, { key: `lane-ok-${n}`, lane: 'test:up' });
    expect(await q.drain()).toBe(4);
    expect(ran.filter((r) => r !== 'fails')).toEqual(['works1', 'works2', 'works3']);
    expect(await status('lane-fail')).toMatchObject({ status: 'queued', attempts: 1 });
  });

  it('a job without a lane still runs one at a time', async () => {
    const q = new JobQueue(t.database.db, t.services.deps.log);
    let active = 0;
    let maxActive = 0;
    q.register('plain', async () => {
      active++;
      maxActive = Math.max(maxActive, active);
      await new Promise((r) => setImmediate(r));
      active--;
    });
    for (let i = 0; i < 4; i++) await q.enqueue('plain', {}, { key: `plain-${i}` });
    expect(await q.drain()).toBe(4);
    expect(maxActive).toBe(1);
  });

  it('another worker claims nothing of a lane while one of its jobs runs under a live lease', async () => {
    const first = new JobQueue(t.database.db, t.services.deps.log);
    const second = new JobQueue(t.database.db, t.services.deps.log);
    await first.enqueue('noop', {}, { key: 'held-1', lane: 'test:held' });
    await first.enqueue('noop', {}, { key: 'held-2', lane: 'test:held' });
    const claimed = await first.claim();
    expect(claimed?.idempotency_key).toBe('held-1');
    expect(await second.claimMany(5, { unlaned: true })).toEqual([]);
    // When the lease runs out, the job itself is claimed again (not the next one of its lane).
    second.now = () => Date.now() + JOB_LEASE_MS + 1;
    expect((await second.claimMany(5, { unlaned: true })).map((j) => j.idempotency_key)).toEqual(['held-1']);
  });
});
