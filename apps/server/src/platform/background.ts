import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { PlatformTables } from './db/tables.ts';
import { JobQueue } from './jobs/queue.ts';
import { MemoryBus, RedisBus, type EventBus } from './realtime/bus.ts';
import { RealtimeHub } from './realtime/hub.ts';
import { createUnitOfWork } from './unitOfWork.ts';

/** How long realtime events (the resume window) and finished jobs are kept. */
export const RETENTION_MS = 7 * 24 * 3_600_000;

/**
 * The moving parts behind the live inbox, built once per process: the durable job queue, the event bus
 * (in-process, or Redis pub/sub when REDIS_URL is set), the WebSocket hub, and the unit of work that
 * commits rows, events and jobs together. Modules register their job handlers on `queue`.
 */
export function createBackground<DB extends PlatformTables>(db: Kysely<DB>, config: Config, log: Logger) {
  const platformDb: Kysely<PlatformTables> = db as unknown as Kysely<PlatformTables>;
  const queue = new JobQueue(platformDb, log);
  const bus: EventBus = config.REDIS_URL ? new RedisBus(config.REDIS_URL, config.REDIS_EVENTS_CHANNEL, log) : new MemoryBus();
  const hub = new RealtimeHub(platformDb, bus, log);
  const write = createUnitOfWork(db, bus, queue, log);

  // Housekeeping: realtime events and finished jobs older than the retention are deleted, hourly.
  queue.register('inbox.prune', async () => {
    const before = queue.now() - RETENTION_MS;
    await platformDb.deleteFrom('events').where('created_at', '<', before).execute();
    await platformDb.deleteFrom('jobs').where('status', '=', 'done').where('updated_at', '<', before).execute();
  });
  let pruneTimer: NodeJS.Timeout | null = null;
  const schedulePrune = () => {
    // One job per hour whichever process gets there first (the key is the hour).
    const hour = Math.floor(queue.now() / 3_600_000);
    void queue.enqueue('inbox.prune', {}, { key: `inbox.prune:${hour}` }).catch(() => undefined);
  };

  return {
    queue,
    bus,
    hub,
    write,
    /** Starts the job worker and the hourly housekeeping. */
    start() {
      queue.start();
      schedulePrune();
      pruneTimer = setInterval(schedulePrune, 600_000);
      pruneTimer.unref();
    },
    async close() {
      if (pruneTimer) clearInterval(pruneTimer);
      await queue.stop();
      await bus.close();
    },
  };
}

export type Background<DB extends PlatformTables = PlatformTables> = ReturnType<typeof createBackground<DB>>;
