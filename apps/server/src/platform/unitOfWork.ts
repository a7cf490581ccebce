import type { Kysely, Transaction } from 'kysely';
import type { Logger } from 'pino';
import type { PlatformTables } from './db/tables.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { EventBus } from './realtime/bus.ts';
import { appendEvents, type EmittedEvent, type InboxEvent, type NewEvent } from './realtime/events.ts';

/** Records a realtime event of the current unit of work (published once it commits). */
export type Emit = (e: EmittedEvent) => Promise<void>;

/** Runs fn as one unit of work; see createUnitOfWork. */
export type Write<DB> = <T>(fn: (trx: Transaction<DB>, emit: Emit) => Promise<T>) => Promise<T>;

/**
 * The one write helper: the rows, the realtime events and the jobs of one change commit together or
 * not at all. `fn` writes rows with `trx`, records events with `emit` (appended to the event log in the
 * same transaction) and enqueues jobs with `queue.enqueue(..., trx)`. After the commit the events are
 * published on the bus and the job worker is woken; a failed publish is logged (clients catch up from
 * the event log), never undone.
 */
export function createUnitOfWork<DB extends PlatformTables>(db: Kysely<DB>, bus: EventBus, queue: JobQueue, log: Logger): Write<DB> {
  return async (fn) => {
    let events: InboxEvent[] = [];
    const result = await db.transaction().execute(async (trx) => {
      const pending: NewEvent[] = [];
      const out = await fn(trx, async (e) => {
        pending.push(e);
      });
      // One counter bump and one insert for all of this write's events, inside its transaction.
      events = await appendEvents(trx as unknown as Transaction<PlatformTables>, pending);
      return out;
    });
    for (const e of events) await bus.publish(e).catch((err) => log.warn({ err }, 'event publish failed'));
    queue.kickIfEnqueued();
    return result;
  };
}
