import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import type { Db } from '../db/index.ts';
import { JOB_LANE_BATCH, JOB_LEASE_MS, JobQueue, type JobRow } from './queue.ts';

/**
 * A lane is claimed with its next due jobs (up to JOB_LANE_BATCH), which the claiming worker runs one
 * after another in queue order: one claim statement for several jobs, the lane's order kept, no other
 * worker taking any of them while the lease lives (renewed when the batch runs long).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ JOBS_AUTOSTART: 'false' });
});
afterAll(() => t.close());
beforeEach(() => t.database.db.deleteFrom('jobs').execute());

const queue = () => new JobQueue(t.database.db, t.services.deps.log);
const keys = (jobs: JobRow[]) => jobs.map((j) => j.idempotency_key);
const rows = (prefix: string) =>
  t.database.db
    .selectFrom('jobs')
    .select(['idempotency_key', 'status', 'attempts', 'locked_by'])
    .where('idempotency_key', 'like', `${prefix}%`)
    .orderBy('id')
    .execute();

describe('a lane claimed with its next jobs', () => {
  it("claims each lane's due jobs in one statement and runs them one after another, in queue order", async () => {
    const q = queue();
    const ran: string[] = [];
    let active = 0;
    let maxActive = 0;
    q.register('step', async (p: { lane: string; n: number }) => {
      active++;
      maxActive = Math.max(maxActive, active);
      await new Promise((r) => setImmediate(r));
      ran.push(`${p.lane}${p.n}`);
      active--;
    });
    const total = JOB_LANE_BATCH + 2;
    for (let n = 1; n <= total; n++)
      for (const lane of ['a', 'b']) await q.enqueue('step', { lane, n }, { key: `batch-${lane}-${n}`, lane: `test:${lane}` });
    const claims = vi.spyOn(q, 'claimMany');
    expect(await q.drain()).toBe(2 * total);
    const inOrder = Array.from({ length: total }, (_, i) => i + 1);
    expect(ran.filter((r) => r.startsWith('a'))).toEqual(inOrder.map((n) => `a${n}`));
    expect(ran.filter((r) => r.startsWith('b'))).toEqual(inOrder.map((n) => `b${n}`));
    expect(maxActive).toBe(2);
    // The first claim took a batch of each lane; each lane's last two jobs came with a later claim.
    const first = (await claims.mock.results[0]!.value) as JobRow[];
    expect(first).toHaveLength(2 * JOB_LANE_BATCH);
    expect(claims.mock.calls.length).toBeLessThanOrEqual(5);
    expect((await rows('batch-')).every((r) => r.status === 'done' && r.attempts === 1)).toBe(true);
  });

  it('runs every job queued just before, even when the wall clock is then set back', async () => {
    const q = queue();
    const ran: number[] = [];
    q.register('step', async (p: { n: number }) => {
      ran.push(p.n);
    });
    for (let n = 1; n <= 3; n++) await q.enqueue('step', { n }, { key: `clock-${n}`, lane: 'test:clock' });
    const setBack = vi.spyOn(Date, 'now').mockReturnValue(Date.now() - 60_000);
    try {
      expect(await q.drain()).toBe(3);
    } finally {
      setBack.mockRestore();
    }
    expect(ran).toEqual([1, 2, 3]);
  });

  it('another worker takes nothing of a claimed lane, not even a job queued after the claim, until the lease ends', async () => {
    const first = queue();
    const second = queue();
    for (let n = 1; n <= 3; n++) await first.enqueue('noop', {}, { key: `held-${n}`, lane: 'test:held' });
    expect(keys(await first.claimMany(1, { unlaned: false, perLane: JOB_LANE_BATCH }))).toEqual(['held-1', 'held-2', 'held-3']);
    await first.enqueue('noop', {}, { key: 'held-4', lane: 'test:held' });
    expect(await second.claimMany(5, { unlaned: true, perLane: JOB_LANE_BATCH })).toEqual([]);
    // The lease over, the next worker takes the lane again from its head, in order.
    second.now = () => Date.now() + JOB_LEASE_MS + 1;
    expect(keys(await second.claimMany(5, { unlaned: true, perLane: JOB_LANE_BATCH }))).toEqual(['held-1', 'held-2', 'held-3', 'held-4']);
  });

  it.runIf(!!process.env.TEST_DATABASE_URL)('PostgreSQL: a claim not yet committed keeps another worker off its whole lane', async () => {
    const other = queue();
    for (let n = 1; n <= 2; n++) await other.enqueue('noop', {}, { key: `pg-${n}`, lane: 'test:pg' });
    await t.database.db.transaction().execute(async (trx) => {
      // This worker's claim, its rows locked until the transaction ends.
      const claiming = new JobQueue(trx as unknown as Db, t.services.deps.log);
      expect(keys(await claiming.claimMany(1, { unlaned: false, perLane: JOB_LANE_BATCH }))).toEqual(['pg-1', 'pg-2']);
      // A job of the lane queued meanwhile, and another worker claiming: the lane's head is locked, so nothing of it.
      await other.enqueue('noop', {}, { key: 'pg-3', lane: 'test:pg' });
      expect(await other.claimMany(5, { unlaned: true, perLane: JOB_LANE_BATCH })).toEqual([]);
    });
    expect(await other.claimMany(5, { unlaned: true, perLane: JOB_LANE_BATCH })).toEqual([]);
  });

  it('renews the lease of a batch that runs long, and stops once another worker has taken the rest', async () => {
    const q = queue();
    const other = queue();
    let clock = Date.now();
    q.now = () => clock;
    other.now = () => clock;
    const ran: number[] = [];
    const seenByOther: string[][] = [];
    q.register('slow', async (p: { n: number }) => {
      ran.push(p.n);
      // Each job takes half a lease: by the second job the claim's lease would have run out without renewal.
      clock += JOB_LEASE_MS / 2 + 1;
      seenByOther.push(keys(await other.claimMany(5, { unlaned: false, perLane: JOB_LANE_BATCH })));
    });
    for (let n = 1; n <= 3; n++) await q.enqueue('slow', { n }, { key: `slow-${n}`, lane: 'test:slow' });
    expect(await q.drain()).toBe(3);
    expect(ran).toEqual([1, 2, 3]);
    expect(seenByOther).toEqual([[], [], []]);
    expect((await rows('slow-')).map((r) => r.status)).toEqual(['done', 'done', 'done']);

    // A job that outlives the whole lease: another worker takes the lane, and this one runs no more of it.
    q.register('stuck', async (p: { n: number }) => {
      ran.push(p.n);
      clock += JOB_LEASE_MS + 1;
      seenByOther.push(keys(await other.claimMany(5, { unlaned: false, perLane: JOB_LANE_BATCH })));
    });
    for (let n = 4; n <= 6; n++) await q.enqueue('stuck', { n }, { key: `stuck-${n}`, lane: 'test:stuck' });
    await q.drain();
    expect(ran.slice(3)).toEqual([4]);
    expect(seenByOther.at(-1)).toEqual(['stuck-4', 'stuck-5', 'stuck-6']);
    const stuck = await rows('stuck-');
    expect(stuck.slice(1).map((r) => [r.status, r.locked_by])).toEqual([
      ['running', other.workerId],
      ['running', other.workerId],
    ]);
  });

  it("a stopping worker gives a lane's jobs not yet started back to the queue", async () => {
    const q = queue();
    const ran: number[] = [];
    let open!: () => void;
    const gate = async (p: { n: number }) => {
      ran.push(p.n);
      if (p.n === 1) await new Promise<void>((r) => (open = r));
    };
    q.register('gate', gate);
    for (let n = 1; n <= 3; n++) await q.enqueue('gate', { n }, { key: `gate-${n}`, lane: 'test:gate' });
    q.start();
    await expect.poll(() => ran).toEqual([1]);
    const stopping = q.stop();
    open();
    await stopping;
    expect(ran).toEqual([1]);
    expect((await rows('gate-')).map((r) => [r.status, r.attempts, r.locked_by])).toEqual([
      ['done', 1, q.workerId],
      ['queued', 0, null],
      ['queued', 0, null],
    ]);
    const next = queue();
    next.register('gate', gate);
    expect(await next.drain()).toBe(2);
    expect(ran).toEqual([1, 2, 3]);
  });
});
