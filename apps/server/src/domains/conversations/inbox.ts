import type { Deps } from '../../deps.ts';
import { JobQueue } from '../../jobs/queue.ts';
import { MemoryBus, RedisBus, type EventBus } from '../../realtime/bus.ts';
import { RealtimeHub } from '../../realtime/hub.ts';
import { createConversationsService } from './service.ts';

/**
 * The live inbox's moving parts, built once per process: the durable job queue, the event bus
 * (in-process, or Redis pub/sub when REDIS_URL is set), the WebSocket hub and the conversations service.
 */
export function createInbox(deps: Deps) {
  const queue = new JobQueue(deps.db, deps.log);
  const bus: EventBus = deps.config.REDIS_URL ? new RedisBus(deps.config.REDIS_URL, deps.config.REDIS_EVENTS_CHANNEL, deps.log) : new MemoryBus();
  const hub = new RealtimeHub(deps.db, bus, deps.log);
  const conversations = createConversationsService(deps, queue, bus);
  return {
    queue,
    bus,
    hub,
    conversations,
    async close() {
      await queue.stop();
      await bus.close();
    },
  };
}

export type Inbox = ReturnType<typeof createInbox>;
