import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_LEASE_MS } from '../../platform/jobs/queue.ts';
import { createTestApp, type Session, type TestApp } from '../../testing/harness.ts';

/**
 * Deliveries run per endpoint in a lane of the job queue: one endpoint's events one at a time in order,
 * different endpoints side by side; a slow or failing endpoint holds back no other; a crashed worker's
 * delivery is sent once.
 */
let t: TestApp;
let org: Session;
let base: string;
/** What each path received (event ids, in arrival order), and requests held open per path. */
const got = new Map<string, string[]>();
const held = new Map<string, (() => void)[]>();
const hold = new Set<string>();
const failing = new Set<string>();
let receiver: http.Server;

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const path = req.url!;
      got.set(path, [...(got.get(path) ?? []), String(req.headers['webhook-id'])]);
      const answer = () => res.writeHead(failing.has(path) ? 500 : 204).end();
      if (hold.has(path)) held.set(path, [...(held.get(path) ?? []), answer]);
      else answer();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  t = await createTestApp({ JOBS_AUTOSTART: 'false', WEBHOOK_ALLOW_HOSTS: '127.0.0.1' });
  org = await t.signUp('lanes@hooks.test');
});
afterAll(async () => {
  await t.close();
  receiver.closeAllConnections();
  receiver.close();
});

async function endpoint(path: string): Promise<number> {
  const r = await t.request('POST', '/api/v2/webhooks', { token: org.token, body: { url: `${base}${path}`, events: ['message.created'] } });
  expect(r.status).toBe(200);
  return r.body.webhook.id;
}
/** Queues `n` test events to the endpoint; their event ids in order. */
async function events(id: number, n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++)
    ids.push((await t.request('POST', `/api/v2/webhooks/${id}/test`, { token: org.token })).body.delivery.eventId);
  return ids;
}
const release = (path: string) => held.get(path)?.shift()?.();

describe('deliveries per endpoint', () => {
  it('keeps each endpoint in event order while a slow endpoint holds back no other', async () => {
    const slow = await endpoint('/slow');
    const quick = await endpoint('/quick');
    hold.add('/slow');
    const slowIds = await events(slow, 3);
    const quickIds = await events(quick, 3);
    const drained = t.services.inbox.queue.drain();
    // The quick endpoint gets all three while the slow one's first is still unanswered.
    await expect.poll(() => got.get('/quick')).toEqual(quickIds);
    expect(got.get('/slow')).toEqual([slowIds[0]]);
    // The slow one's next event is sent only after the previous answered.
    release('/slow');
    await expect.poll(() => got.get('/slow')?.length).toBe(2);
    release('/slow');
    await expect.poll(() => got.get('/slow')?.length).toBe(3);
    release('/slow');
    expect(await drained).toBe(6);
    expect(got.get('/slow')).toEqual(slowIds);
    hold.delete('/slow');
  });

  it('an endpoint answering 500 holds back no other, and its retry keeps its event id', async () => {
    const down = await endpoint('/down');
    const up = await endpoint('/up');
    failing.add('/down');
    const downIds = await events(down, 2);
    const upIds = await events(up, 3);
    await t.services.inbox.queue.drain();
    expect(got.get('/up')).toEqual(upIds);
    expect(got.get('/down')).toEqual(downIds);
    const pending = await t.request('GET', `/api/v2/webhooks/${down}/deliveries`, { token: org.token });
    expect(pending.body.deliveries.map((d: { status: string; attempts: number }) => [d.status, d.attempts])).toEqual([
      ['pending', 1],
      ['pending', 1],
    ]);
    failing.delete('/down');
    const q = t.services.inbox.queue;
    const realNow = q.now;
    q.now = () => realNow() + 10_000;
    try {
      await q.drain();
    } finally {
      q.now = realNow;
    }
    expect(got.get('/down')).toEqual([...downIds, ...downIds]);
  });

  it('records every delivery of endpoints that end together: delivered, one log row per attempt, each job done', async () => {
    const paths = ['/together-1', '/together-2', '/together-3', '/together-4'];
    const sent = new Map<string, string[]>();
    const ids: number[] = [];
    for (const path of paths) {
      const id = await endpoint(path);
      ids.push(id);
      sent.set(path, await events(id, 5));
    }
    expect(await t.services.inbox.queue.drain()).toBe(20);
    for (const path of paths) expect(got.get(path)).toEqual(sent.get(path));
    const db = t.database.db;
    const deliveries = await db
      .selectFrom('webhook_deliveries')
      .select(['id', 'status', 'attempts'])
      .where('endpoint_id', 'in', ids)
      .execute();
    expect(deliveries.map((d) => [d.status, d.attempts])).toEqual(Array(20).fill(['delivered', 1]));
    const logs = await db
      .selectFrom('logs')
      .select('key')
      .where(
        'key',
        'in',
        deliveries.map((d) => `webhook:${d.id}:1`),
      )
      .execute();
    expect(logs).toHaveLength(20);
    const jobs = await db
      .selectFrom('jobs')
      .select('status')
      .where(
        'lane',
        'in',
        ids.map((id) => `webhook:${id}`),
      )
      .execute();
    expect(jobs.map((j) => j.status)).toEqual(Array(20).fill('done'));
  });

  it('a delivery whose worker died before running it is sent once, when the lease ends', async () => {
    const id = await endpoint('/crash');
    const [eventId] = await events(id, 1);
    const q = t.services.inbox.queue;
    const claimed = await q.claim('w-dead');
    expect(claimed?.lane).toBe(`webhook:${id}`);
    // The dead worker's lease holds the lane: nothing is sent.
    expect(await q.drain()).toBe(0);
    const realNow = q.now;
    q.now = () => realNow() + JOB_LEASE_MS + 1;
    try {
      expect(await q.drain()).toBe(1);
      expect(await q.drain()).toBe(0);
    } finally {
      q.now = realNow;
    }
    expect(got.get('/crash')).toEqual([eventId]);
    const jobs = await t.database.db.selectFrom('jobs').select('status').where('id', '=', claimed!.id).execute();
    expect(jobs).toEqual([{ status: 'done' }]);
  });
});
