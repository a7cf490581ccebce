import crypto from 'node:crypto';
import fs from 'node:fs';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from './app.ts';
import { openDatabase, type DatabaseHandle } from './db.ts';
import { migrations } from './platform/db/migrations/index.ts';
import { PROCESSES_PG_URL, processConfig } from './testing/processes.ts';

async function pgUnreachable(): Promise<boolean> {
  const c = new pg.Client({ connectionString: PROCESSES_PG_URL, connectionTimeoutMillis: 1500 });
  try {
    await c.connect();
    await c.end();
    return false;
  } catch {
    return true;
  }
}
const skip = await pgUnreachable();
if (skip) console.warn(`Skipping the several-processes tests: PostgreSQL is not reachable at ${PROCESSES_PG_URL}.`);

/** Work each process schedules at start-up (keyed by its period), which must run once across processes. */
const SCHEDULED = ['billing.renewals', 'inbox.prune', 'logs.prune', 'calls.recordings.prune'];

describe.skipIf(skip)('several processes on one PostgreSQL database', () => {
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  const dbs: DatabaseHandle[] = [];
  const apps: BuiltApp[] = [];
  const dataDirs: string[] = [];
  afterAll(async () => {
    for (const a of apps) await a.close().catch(() => undefined);
    for (const db of dbs) await db.close().catch(() => undefined);
    for (const d of dataDirs) fs.rmSync(d, { recursive: true, force: true });
    const c = new pg.Client({ connectionString: PROCESSES_PG_URL });
    await c.connect();
    await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await c.end();
  });

  it('migrates once when three processes start together on an empty schema', async () => {
    // Each "process" has its own pool; they create the schema and migrate at the same moment.
    const opened = await Promise.all([0, 1, 2].map(() => openDatabase({ url: PROCESSES_PG_URL, pgSchema: schema, pgPoolSize: 4 })));
    dbs.push(...opened);
    const { rows } = await sql<{ name: string; n: number }>`select name, count(*) as n from kysely_migration group by name`.execute(
      opened[0]!.db,
    );
    expect(rows.map((r) => r.name).sort()).toEqual(Object.keys(migrations).sort());
    expect(rows.every((r) => Number(r.n) === 1)).toBe(true);
    // And every process works on the migrated schema.
    for (const db of opened) await db.db.selectFrom('accounts').select('id').limit(1).execute();
  });

  it('runs the scheduled work (renewals, prunes, sweeps) once across two processes with their job workers on', async () => {
    const runs = new Map<string, number>();
    for (const db of dbs.slice(0, 2)) {
      const { config, dataDir } = processConfig({ JOBS_AUTOSTART: 'true', METRICS: 'off', DATABASE_URL: PROCESSES_PG_URL });
      dataDirs.push(dataDir);
      const built = await buildApp(config, { database: db });
      built.services.inbox.queue.onOutcome = (kind, outcome) => {
        if (outcome === 'done') runs.set(kind, (runs.get(kind) ?? 0) + 1);
      };
      apps.push(built);
    }
    // Both start at once: each schedules every periodic job at start-up.
    await Promise.all(apps.map((a) => a.app.ready()));

    const db = dbs[0]!.db;
    const scheduled = () =>
      db.selectFrom('jobs').select(['kind', 'idempotency_key', 'status', 'attempts', 'locked_by']).where('kind', 'in', SCHEDULED).execute();
    await expect
      .poll(
        async () => {
          const rows = await scheduled();
          return SCHEDULED.every((k) => rows.some((r) => r.kind === k)) && rows.every((r) => r.status === 'done');
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    const rows = await scheduled();
    for (const kind of SCHEDULED) {
      const ofKind = rows.filter((r) => r.kind === kind);
      // One row per period (keyed), each run by one process, once.
      expect(new Set(ofKind.map((r) => r.idempotency_key)).size).toBe(ofKind.length);
      expect(ofKind.every((r) => r.attempts === 1)).toBe(true);
      expect(runs.get(kind), kind).toBe(ofKind.length);
    }
    // Both workers were live and shared the work (each claimed under its own worker id).
    const workers = new Set(apps.map((a) => a.services.inbox.queue.workerId));
    expect(rows.every((r) => workers.has(r.locked_by!))).toBe(true);
  });
});
