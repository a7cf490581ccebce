import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
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
