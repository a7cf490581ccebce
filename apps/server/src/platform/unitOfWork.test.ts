import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import type { Db } from './db/index.ts';
import { JobQueue } from './jobs/queue.ts';
import { MemoryBus } from './realtime/bus.ts';
import type { InboxEvent } from './realtime/events.ts';
import type { PlatformTables } from './db/tables.ts';
import { BATCH_MAX, createUnitOfWork, type Write } from './unitOfWork.ts';

let t: TestApp;
let db: Db;
let write: Write<PlatformTables>;
const published: InboxEvent[] = [];
beforeAll(async () => {
  t = await createTestApp({ JOBS_AUTOSTART: 'false' });
  db = t.database.db as unknown as Db;
  const bus = new MemoryBus();
  bus.subscribe((e) => published.push(e));
  write = createUnitOfWork(db, bus, new JobQueue(db, pino({ level: 'silent' })), pino({ level: 'silent' }));
});
afterAll(() => t.close());

/** A unit of work that queues a job under `key` and emits one event naming it; it fails after both when `fail`. */
const unit = (key: string, fail = false) =>
  write(async (trx, emit) => {
    await trx
      .insertInto('jobs')
      .values({
        kind: 'test',
        idempotency_key: key,
        payload: '{}',
        status: 'done',
        attempts: 0,
        max_attempts: 1,
        run_at: 0,
        created_at: 0,
        updated_at: 0,
      })
      .execute();
    await emit({
      type: 'typing',
      accountId: 1,
      agentId: null,
      contactAccountId: null,
      payload: { roomId: key, who: 'staff', username: key },
    });
    if (fail) throw new Error(`unit ${key} failed`);
    return key;
  });

const keysIn = async (prefix: string) =>
  (await db.selectFrom('jobs').select('idempotency_key').where('idempotency_key', 'like', `${prefix}%`).execute())
    .map((r) => r.idempotency_key)
    .sort();

describe('the unit of work', () => {
  it('commits units written side by side apart: a failing one is undone alone and told, the others commit and publish', async () => {
    // More than one batch of SQLite units at once, every fifth failing.
    const n = BATCH_MAX + 8;
    const keys = Array.from({ length: n }, (_, i) => `side-${String(i).padStart(3, '0')}`);
    const results = await Promise.allSettled(keys.map((k, i) => unit(k, i % 5 === 0)));
    const kept = keys.filter((_, i) => i % 5 !== 0);
    expect(results.map((r) => r.status)).toEqual(keys.map((_, i) => (i % 5 === 0 ? 'rejected' : 'fulfilled')));
    expect(results.filter((r) => r.status === 'fulfilled').map((r) => r.value)).toEqual(kept);
    expect(await keysIn('side-')).toEqual(kept);
    // Each committed unit's event is published once, and is in the event log; a failed unit's never.
    const mine = published.filter((e) => String(e.payload.roomId).startsWith('side-'));
    expect(mine.map((e) => String(e.payload.roomId)).sort()).toEqual(kept);
    expect(new Set(mine.map((e) => e.id)).size).toBe(kept.length);
    const logged = await db.selectFrom('events').select('id').where('type', '=', 'typing').execute();
    expect(logged.map((r) => Number(r.id))).toEqual(expect.arrayContaining(mine.map((e) => e.id)));
  });

  it('rolls a lone unit back whole when it fails', async () => {
    await expect(unit('alone-1', true)).rejects.toThrow(/alone-1 failed/);
    expect(await keysIn('alone-')).toEqual([]);
    await expect(unit('alone-2')).resolves.toBe('alone-2');
    expect(await keysIn('alone-')).toEqual(['alone-2']);
  });
});
