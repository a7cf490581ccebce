import fs from 'node:fs';
import path from 'node:path';
import type SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, sql, type Transaction } from 'kysely';
import pg from 'pg';
import { SAFETY_NET_PAGES, startCheckpointer, type Checkpointer } from './checkpointer.ts';
import type { DialectKind } from './columns.ts';
import { migrations } from './migrations/index.ts';
import { openSqlite } from './sqlite.ts';
import { QueuedSqliteDialect, type ConnectionLock } from './sqliteDialect.ts';
import type { PlatformTables } from './tables.ts';

/** The platform's view of the database: only its own tables (the full type is apps/server/src/db.ts). */
export type Db = Kysely<PlatformTables>;
export type Tx = Transaction<PlatformTables>;
/** A repository method's optional transaction argument. */
export type DbOrTx = Db | Tx;

// PostgreSQL hands int8 (bigint, count(*)) back as strings; our bigints are epoch ms and counts.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

export interface DatabaseOptions {
  /** A postgres:// URL; unset means SQLite. */
  url?: string;
  /** The SQLite file (':memory:' for a throw-away database). */
  sqliteFile?: string;
  /** PostgreSQL schema to use (tests give each file its own). */
  pgSchema?: string;
  pgPoolSize?: number;
  /** SQLite: checkpoint the write-ahead log from a worker thread, off the event loop (the server does). */
  backgroundCheckpoint?: boolean;
}

export interface DatabaseHandle<DB = PlatformTables> {
  db: Kysely<DB>;
  kind: DialectKind;
  /** PostgreSQL's connection pool (metrics read its counts); undefined on SQLite. */
  pool?: pg.Pool;
  close(): Promise<void>;
}

/** Opens the database and runs its migrations; DB is the schema type the caller composes (apps/server/src/db.ts). */
export async function openDatabase<DB = PlatformTables>(opts: DatabaseOptions): Promise<DatabaseHandle<DB>> {
  let db: Kysely<DB>;
  let kind: DialectKind;
  let checkpointer: Checkpointer | undefined;
  let pool: pg.Pool | undefined;
  if (opts.url) {
    kind = 'postgres';
    pool = new pg.Pool({
      connectionString: opts.url,
      max: opts.pgPoolSize ?? 10,
      ...(opts.pgSchema ? { options: `-c search_path=${opts.pgSchema}` } : {}),
    });
    db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    // Several processes starting together migrate one at a time: a session-level advisory lock per
    // schema, held on a connection of its own while the schema is created and the migrations run. The
    // next process then finds them applied. (Kysely's own lock row cannot guard creating its tables.)
    const key = `switchboard:migrations:${opts.pgSchema ?? ''}`;
    try {
      const lock = await pool.connect();
      try {
        await lock.query('SELECT pg_advisory_lock(hashtext($1))', [key]);
        if (opts.pgSchema) await lock.query(`CREATE SCHEMA IF NOT EXISTS "${opts.pgSchema}"`);
        await migrate(db, await currentSchema(db));
      } finally {
        await lock.query('SELECT pg_advisory_unlock(hashtext($1))', [key]).catch(() => undefined);
        lock.release();
      }
    } catch (err) {
      await db.destroy();
      throw err;
    }
  } else {
    kind = 'sqlite';
    const file = opts.sqliteFile ?? ':memory:';
    if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
    const sqlite = openSqlite(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    if (opts.backgroundCheckpoint && file !== ':memory:') {
      sqlite.pragma(`wal_autocheckpoint = ${SAFETY_NET_PAGES}`);
      checkpointer = startCheckpointer(file);
    }
    const cached = withStatementCache(sqlite);
    const dialect = new QueuedSqliteDialect({ database: cached });
    db = new Kysely<DB>({ dialect });
    sqliteHandles.set(db, { handle: cached, lock: dialect.lock });
  }
  if (kind === 'sqlite') await migrate(db);
  return {
    db,
    kind,
    pool,
    async close() {
      await checkpointer?.stop();
      await db.destroy();
    },
  };
}

const sqliteHandles = new WeakMap<object, { handle: SQLite.Database; lock: ConnectionLock }>();

/**
 * The SQLite handle under a database opened here (not under a transaction, nor PostgreSQL), for the few
 * hot paths that run a whole transaction synchronously with prepared statements (the ledger's
 * transfer). Use it only while no Kysely transaction is open on the handle: check `inTransaction` and
 * run synchronously at once (as `runOnSqliteNow` does), or run inside `db.connection().execute(...)`,
 * which holds Kysely's one connection.
 */
export function sqliteHandleOf(db: Kysely<any>): SQLite.Database | undefined {
  return sqliteHandles.get(db)?.handle;
}

/**
 * The SQLite handle under `db` when its connection is idle now: no Kysely query or transaction holds
 * it (nor waits for it) and no transaction is open on it. What runs on it synchronously from here
 * cannot interleave with anything else, and sees what a query through Kysely would see. Undefined
 * otherwise (PostgreSQL, a transaction object, or the connection in use).
 */
export function idleSqliteHandle(db: Kysely<any>): SQLite.Database | undefined {
  const s = sqliteHandles.get(db);
  return s && !s.lock.held && !s.handle.inTransaction ? s.handle : undefined;
}

/**
 * Runs one statement straight on the SQLite handle, synchronously, when its connection is idle
 * (`idleSqliteHandle`), skipping Kysely's executor and its turn for the connection: for the compiled
 * reads every request makes. Returns the rows (none for a statement that returns none), or undefined
 * when the connection is not idle or the database is not SQLite: the caller then goes through Kysely,
 * which waits for the transaction or query in flight, so nothing reads another's uncommitted rows.
 */
export function runOnSqliteNow<R>(db: Kysely<any>, query: { sql: string; parameters: readonly unknown[] }): R[] | undefined {
  const h = idleSqliteHandle(db);
  if (!h) return undefined;
  const stmt = h.prepare(query.sql);
  if (stmt.reader) return stmt.all(query.parameters) as R[];
  stmt.run(query.parameters);
  return [];
}

/**
 * Runs compiled writes in one transaction straight on the SQLite handle, synchronously: at once when
 * its connection is idle, else in Kysely's turn for it (after the transaction or query in flight).
 * Skips Kysely's transaction and executor, whose promises cost more than SQLite's own work on small
 * writes (npm run bench integrations: a batch of webhook deliveries' records). Nothing is kept if a
 * statement fails. For SQLite databases opened here only (PostgreSQL's callers use a transaction).
 */
export async function runAllOnSqlite(db: Kysely<any>, queries: readonly { sql: string; parameters: readonly unknown[] }[]): Promise<void> {
  const h = sqliteHandleOf(db);
  if (!h) throw new Error('runAllOnSqlite: not a SQLite database opened by openDatabase');
  const runAll = h.transaction(() => {
    for (const q of queries) h.prepare(q.sql).run(q.parameters);
  });
  await onSqliteConnection(db, runAll);
}

/**
 * Runs `fn` (synchronous work on the SQLite handle) when the connection is free: at once when it is
 * idle (`idleSqliteHandle`), else in Kysely's turn for it, after the transaction or query in flight.
 */
export async function onSqliteConnection<T>(db: Kysely<any>, fn: () => T): Promise<T> {
  return idleSqliteHandle(db) ? fn() : db.connection().execute(async () => fn());
}

async function currentSchema(db: Kysely<any>): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]!.schema;
}

/**
 * Kysely's SQLite driver prepares every statement anew; preparing cost more than the query itself on
 * primary-key reads (npm run bench). Statements are cached by their SQL text (parameters are `?`),
 * least recently used first out.
 */
function withStatementCache(sqlite: SQLite.Database, max = 1000): SQLite.Database {
  const cache = new Map<string, SQLite.Statement>();
  const prepare = sqlite.prepare.bind(sqlite);
  const cachedPrepare = (source: string) => {
    let stmt = cache.get(source);
    if (stmt) {
      cache.delete(source);
    } else {
      stmt = prepare(source);
      if (cache.size >= max) cache.delete(cache.keys().next().value!);
    }
    cache.set(source, stmt);
    return stmt;
  };
  return new Proxy(sqlite, {
    get(target, prop) {
      if (prop === 'prepare') return cachedPrepare;
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * The Migrator asks `introspection` whether its schema and tables exist. Kysely's PostgreSQL
 * introspector reads every table of every schema and resolves each by name (pg_get_serial_sequence),
 * which fails with "relation … does not exist" when another connection drops a schema at that moment
 * (parallel test files each drop theirs). Here it looks only at our own schema, by catalog rows.
 */
function withSchemaIntrospection(db: Kysely<any>, schema: string): Kysely<any> {
  const introspection = {
    getSchemas: async () => {
      const r = await sql<{ name: string }>`select nspname as name from pg_catalog.pg_namespace where nspname = ${schema}`.execute(db);
      return r.rows;
    },
    getTables: async () => {
      const r = await sql<{
        name: string;
      }>`select table_name as name from information_schema.tables where table_schema = ${schema}`.execute(db);
      return r.rows.map((t) => ({ name: t.name, schema, isView: false, columns: [] }));
    },
    getMetadata: async () => ({ tables: await introspection.getTables() }),
  };
  return new Proxy(db, {
    get(target, prop) {
      if (prop === 'introspection') return introspection;
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * Runs pending migrations. On PostgreSQL the migration tables are looked up in the connection's own
 * schema: Kysely otherwise finds them in any schema of the database and skips creating its lock table.
 */
export async function migrate(db: Kysely<any>, schema?: string): Promise<void> {
  const migrator = new Migrator({
    db: schema ? withSchemaIntrospection(db, schema) : db,
    provider: { getMigrations: async () => migrations },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String((error as Error)?.message ?? error)}`);
  }
}
