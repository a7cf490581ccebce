import type { Deps } from '../../deps.ts';
import { JobQueue } from '../../jobs/queue.ts';
import { MemoryBus, RedisBus, type EventBus } from '../../realtime/bus.ts';
import { RealtimeHub } from '../../realtime/hub.ts';
import { createConversationsService } from './service.ts';

/** How long realtime events (the resume window) and finished jobs are kept. */
export const RETENTION_MS = 7 * 24 * 3_600_000;

/**
 * The live inbox's moving parts, built once per process: the durable job queue, the event bus
 * (in-process, or Redis pub/sub when REDIS_URL is set), the WebSocket hub and the conversations service.
 */
export function createInbox(deps: Deps) {
  const queue = new JobQueue(deps.db, deps.log);
  const bus: EventBus = deps.config.REDIS_URL ? new RedisBus(deps.config.REDIS_URL, deps.config.REDIS_EVENTS_CHANNEL, deps.log) : new MemoryBus();
  const hub = new RealtimeHub(deps.db, bus, deps.log);
  const conversations = createConversationsService(deps, queue, bus);

  // Housekeeping: realtime events and finished jobs older than the retention are deleted, hourly.
  queue.register('inbox.prune', async () => {
    const before = queue.now() - RETENTION_MS;
    await deps.db.deleteFrom('events').where('created_at', '<', before).execute();
    await deps.db.deleteFrom('jobs').where('status', '=', 'done').where('updated_at', '<', before).execute();
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
    conversations,
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

export type Inbox = ReturnType<typeof createInbox>;
