import { sql, type Kysely, type Transaction } from 'kysely';
import type { Logger } from 'pino';
import { dialectOf } from './db/columns.ts';
import type { PlatformTables } from './db/tables.ts';
import { batchPerTurn } from './turnBatch.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { EventBus } from './realtime/bus.ts';
import { appendEvents, type EmittedEvent, type InboxEvent, type NewEvent } from './realtime/events.ts';

/** Records a realtime event of the current unit of work (published once it commits). */
export type Emit = (e: EmittedEvent) => Promise<void>;

/** Runs fn as one unit of work; see createUnitOfWork. */
export type Write<DB> = <T>(fn: (trx: Transaction<DB>, emit: Emit) => Promise<T>) => Promise<T>;

export { BATCH_MAX } from './turnBatch.ts';

interface Waiting<DB> {
  fn: (trx: Transaction<DB>, emit: Emit) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
}

/**
 * The one write helper: the rows, the realtime events and the jobs of one change commit together or
 * not at all. `fn` writes rows with `trx`, records events with `emit` (appended to the event log in the
 * same transaction) and enqueues jobs with `queue.enqueue(..., trx)`. After the commit the events are
 * published on the bus and the job worker is woken; a failed publish is logged (clients catch up from
 * the event log), never undone.
 *
 * On SQLite, whose one connection runs one transaction at a time, the units that queued in the same
 * turn or while a transaction ran share the next one (`batchPerTurn`), each inside a savepoint of its
 * own: a unit that fails is undone alone and its caller gets its error, the others commit, and every
 * caller is answered only after the commit. One commit then writes the pages they share (the event
 * log's, the usage counters', the logs' tails) once (npm run bench inbox, sends at 500/s). A unit that
 * finds nothing waiting runs in a transaction of its own, as on PostgreSQL, whose pool runs
 * transactions side by side.
 */
export function createUnitOfWork<DB extends PlatformTables>(db: Kysely<DB>, bus: EventBus, queue: JobQueue, log: Logger): Write<DB> {
  /** fn in the transaction, then its events appended there (one counter bump and one insert). */
  const unit = async (trx: Transaction<DB>, fn: Waiting<DB>['fn']) => {
    const pending: NewEvent[] = [];
    const out = await fn(trx, async (e) => {
      pending.push(e);
    });
    const events = await appendEvents(trx as unknown as Transaction<PlatformTables>, pending);
    return { out, events };
  };
  const publish = async (events: InboxEvent[]) => {
    for (const e of events) await bus.publish(e).catch((err) => log.warn({ err }, 'event publish failed'));
  };

  if (dialectOf(db) === 'postgres') {
    return async <T>(fn: (trx: Transaction<DB>, emit: Emit) => Promise<T>) => {
      const { out, events } = await db.transaction().execute((trx) => unit(trx, fn));
      await publish(events);
      queue.kickIfEnqueued();
      return out as T;
    };
  }

  async function commitBatch(batch: Waiting<DB>[]): Promise<Waiting<DB>[] | void> {
    const alone = batch.length === 1;
    const done: { w: Waiting<DB>; out: unknown; events: InboxEvent[] }[] = [];
    let next = 0;
    try {
      await db.transaction().execute(async (trx) => {
        for (; next < batch.length; next++) {
          const w = batch[next]!;
          // Alone, a failure rolls the transaction back, as it always did.
          if (alone) {
            done.push({ w, ...(await unit(trx, w.fn)) });
            continue;
          }
          await sql`savepoint unit`.execute(trx);
          try {
            done.push({ w, ...(await unit(trx, w.fn)) });
          } catch (err) {
            await sql`rollback to unit`.execute(trx);
            w.reject(err);
          }
          await sql`release unit`.execute(trx);
        }
      });
    } catch (err) {
      // Nothing of the transaction was kept (its commit failed, or a unit could not be undone alone): the
      // units that ran get its error, and those not run yet wait for the next transaction.
      for (const { w } of done) w.reject(err);
      if (next < batch.length) batch[next]!.reject(err);
      return batch.slice(next + 1);
    }
    // Each caller is answered once its events are out (the next transaction does not wait for them).
    void (async () => {
      for (const d of done) {
        await publish(d.events);
        d.w.resolve(d.out);
      }
    })();
    queue.kickIfEnqueued();
  }

  const enqueue = batchPerTurn(commitBatch);
  return <T>(fn: (trx: Transaction<DB>, emit: Emit) => Promise<T>) =>
    new Promise<T>((resolve, reject) => enqueue({ fn, resolve: resolve as (value: unknown) => void, reject }));
}
