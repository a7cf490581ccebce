import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import { migrations } from '../db/migrations/index.ts';
import type { EventBus } from '../realtime/bus.ts';

/** How long one readiness check may take before it counts as not answering. */
export const READY_CHECK_TIMEOUT_MS = 2_000;

/** One dependency the process needs before it takes traffic; resolves when it answers, throws why not. */
export type ReadinessCheck = () => Promise<void>;

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Runs every check at once; each one's outcome is 'ok' or the reason it failed. */
export async function runChecks(checks: Record<string, ReadinessCheck>, timeoutMs = READY_CHECK_TIMEOUT_MS) {
  const names = Object.keys(checks);
  const outcomes = await Promise.all(
    names.map((name) =>
      within(checks[name]!(), timeoutMs).then(
        () => 'ok',
        (err: unknown) => (err instanceof Error ? err.message : String(err)) || 'failed',
      ),
    ),
  );
  const result: Record<string, string> = {};
  names.forEach((name, i) => (result[name] = outcomes[i]!));
  return { ready: outcomes.every((o) => o === 'ok'), checks: result };
}

/**
 * The migrations check: every migration this build knows is recorded as applied (another process may
 * have applied newer ones). A database that answers but whose schema is behind is not ready.
 */
export function migrationsCheck(db: Db): ReadinessCheck {
  const known = Object.keys(migrations);
  return async () => {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
    const applied = new Set(rows.map((r) => r.name));
    const pending = known.filter((name) => !applied.has(name));
    if (pending.length) throw new Error(`${pending.length} migration(s) pending (${pending[0]}…)`);
  };
}

/**
 * `GET /api/ready`, the readiness probe: 200 once the migrations are applied and the database (and Redis
 * when REDIS_URL is set) answer; 503 naming what is missing otherwise. From the moment the process begins
 * to shut down every new request, this one included, gets Fastify's 503 (return503OnClosing), so a load
 * balancer stops sending before connections close. `/api/health` stays
 * the liveness probe. The process listens only after its own migrations ran, so before that the
 * probe's connection is refused.
 */
export function registerReadiness(app: FastifyInstance, opts: { db: Db; bus: EventBus }): void {
  const checks: Record<string, ReadinessCheck> = {
    database: async () => {
      await sql`select 1`.execute(opts.db);
    },
    migrations: migrationsCheck(opts.db),
  };
  if (opts.bus.kind === 'redis') checks.redis = () => opts.bus.ping();
  app.get(
    '/api/ready',
    {
      config: { auth: 'none', inputFields: { query: new Set() } },
      schema: { summary: 'Readiness: 200 when the database, its migrations and Redis (when set) answer', tags: ['ops'] },
    },
    async (_request, reply) => {
      const { ready, checks: outcome } = await runChecks(checks);
      if (ready) return { success: true, checks: outcome };
      const failed = Object.entries(outcome).filter(([, v]) => v !== 'ok');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({
          success: false,
          code: 'unavailable',
          message: `Not ready: ${failed.map(([k, v]) => `${k}: ${v}`).join('; ')}`,
          checks: outcome,
        });
    },
  );
}
