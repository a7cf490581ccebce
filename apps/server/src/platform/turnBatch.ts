// The timers module's own, which test fake timers (installed on the global object) leave alone.
import { setImmediate as afterIo } from 'node:timers';

/** At most this many queued items go into one batch (one SQLite transaction). */
export const BATCH_MAX = 32;

/**
 * Group commit for SQLite's one connection: items queued during a turn of the event loop are handed to
 * `commit` together once the turn's input has been read (better-sqlite3 answers synchronously, so a
 * request runs from its reads to its write without yielding, and the requests that arrived together
 * queue side by side). Batches of at most BATCH_MAX go one at a time, in order; items queued while one
 * commits go into the next. `commit` answers its items itself and returns those it did not run (they
 * go first into the next batch).
 */
export function batchPerTurn<T>(commit: (batch: T[]) => Promise<T[] | void>): (item: T) => void {
  const waiting: T[] = [];
  let draining = false;
  let due = false;
  async function drain(): Promise<void> {
    draining = true;
    try {
      while (waiting.length) {
        const left = await commit(waiting.splice(0, BATCH_MAX));
        if (left?.length) waiting.unshift(...left);
      }
    } finally {
      draining = false;
    }
  }
  return (item) => {
    waiting.push(item);
    if (draining || due) return;
    due = true;
    afterIo(() => {
      due = false;
      void drain();
    });
  };
}
