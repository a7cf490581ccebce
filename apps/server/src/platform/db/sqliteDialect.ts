import { SqliteDialect, type DatabaseConnection, type Driver, type QueryCompiler, type TransactionSettings } from 'kysely';

/**
 * Who holds SQLite's one connection: a Kysely query or transaction from the moment it asks for the
 * connection until it gives it back. A release hands the connection to the oldest waiter only.
 */
export class ConnectionLock {
  /** A Kysely query or transaction has the connection (or is about to run, having been handed it). */
  held = false;
  readonly #waiting: (() => void)[] = [];

  async acquire(): Promise<void> {
    // A release hands the connection over still held, so the waiter woken owns it when it runs.
    if (this.held) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    this.held = true;
  }

  release(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.held = false;
  }
}

/**
 * Kysely's SQLite dialect with a first-come-first-served hand-over of its one connection.
 *
 * Kysely's SQLite driver guards the connection with a lock whose waiters all wake at every release
 * (`while (locked) await locked`) and all but one go back to sleep: with n queries waiting, each release
 * costs n wake-ups, so under concurrent requests the waiting itself took a share of the event loop.
 * Here a release hands the connection to the oldest waiter only, and `lock.held` tells whether any
 * Kysely query or transaction has it now (`runOnSqliteNow` in index.ts reads it). Everything else
 * (statements, transactions, savepoints) is Kysely's own driver, whose connection this one holds for good.
 */
export class QueuedSqliteDialect extends SqliteDialect {
  readonly lock = new ConnectionLock();

  override createDriver(): Driver {
    return new QueuedDriver(super.createDriver(), this.lock);
  }
}

class QueuedDriver implements Driver {
  readonly #inner: Driver;
  readonly #lock: ConnectionLock;
  #connection: DatabaseConnection | undefined;

  constructor(inner: Driver, lock: ConnectionLock) {
    this.#inner = inner;
    this.#lock = lock;
  }

  async init(): Promise<void> {
    await this.#inner.init();
    // Taken once from the inner driver (its own lock stays held by this driver from now on).
    this.#connection = await this.#inner.acquireConnection();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#lock.acquire();
    return this.#connection!;
  }

  async releaseConnection(): Promise<void> {
    this.#lock.release();
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.#inner.beginTransaction(connection, settings);
  }
  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.#inner.commitTransaction(connection);
  }
  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.#inner.rollbackTransaction(connection);
  }
  savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    return this.#inner.savepoint!(connection, name, compile);
  }
  rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    return this.#inner.rollbackToSavepoint!(connection, name, compile);
  }
  releaseSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    return this.#inner.releaseSavepoint!(connection, name, compile);
  }
  destroy(): Promise<void> {
    return this.#inner.destroy();
  }
}
