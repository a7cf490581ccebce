import SQLite from 'better-sqlite3';

/**
 * Names a better-sqlite3 addon (`better_sqlite3.node`) to load instead of the one npm built into
 * node_modules. A native addon loads only in the Node it was compiled for; CI's Node 24 pass builds one
 * into a folder of its own and names it here, so one node_modules serves Node 20 and Node 24 at once.
 */
export const SQLITE_BINDING_ENV = 'BETTER_SQLITE3_BINDING';

/** The driver options every SQLite connection of the server opens with (the addon, when one is named). */
export function sqliteDriverOptions(): SQLite.Options {
  const binding = process.env[SQLITE_BINDING_ENV];
  return binding ? { nativeBinding: binding } : {};
}

/** Opens a SQLite connection through better-sqlite3 with the addon named by BETTER_SQLITE3_BINDING, if any. */
export function openSqlite(file: string, options: SQLite.Options = {}): SQLite.Database {
  return new SQLite(file, { ...sqliteDriverOptions(), ...options });
}
