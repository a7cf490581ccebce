import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { sqliteDriverOptions } from './sqlite.ts';

/**
 * Copies SQLite's write-ahead log into the database file from a worker thread. better-sqlite3 runs on
 * the event loop, and SQLite's automatic checkpoint runs inside whichever commit crosses 1,000 pages:
 * under a steady stream of sends that commit stalled every request for 50-270 ms (copying pages and
 * syncing the file; npm run bench inbox). A PASSIVE checkpoint on a connection of its own never blocks
 * the server's writers or readers, so the server's own automatic checkpoint (kept as a safety net, at
 * a higher mark) finds the log already copied.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.driver);
const db = new SQLite(workerData.file, workerData.driverOptions);
db.pragma('busy_timeout = 1000');
const checkpoint = () => { try { db.pragma('wal_checkpoint(PASSIVE)'); } catch {} };
const timer = setInterval(checkpoint, workerData.everyMs);
parentPort.on('message', (m) => {
  if (m !== 'stop') return;
  clearInterval(timer);
  checkpoint();
  db.close();
  parentPort.postMessage('stopped');
});
`;

/** The pages after which the server's own connection checkpoints if the worker has fallen behind. */
export const SAFETY_NET_PAGES = 10_000;

export interface Checkpointer {
  stop(): Promise<void>;
}

export function startCheckpointer(file: string, everyMs = 250): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, everyMs, driver, driverOptions: sqliteDriverOptions() } });
  worker.unref();
  let stopped: Promise<void> | null = null;
  return {
    stop() {
      stopped ??= new Promise<void>((resolve) => {
        worker.once('message', () => void worker.terminate().then(() => resolve()));
        worker.once('error', () => resolve());
        worker.once('exit', () => resolve());
        worker.postMessage('stop');
      });
      return stopped;
    },
  };
}
