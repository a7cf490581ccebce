import type { CompiledQuery, Kysely } from 'kysely';
import { runOnSqliteNow } from './index.ts';

/** A query the builder can compile (select, insert, update, delete builders). */
interface Compilable<R> {
  compile(): CompiledQuery<R>;
}

/**
 * A read whose one parameter changes from call to call, built and compiled once per SQL dialect and
 * then executed with the new value. For the reads of every authenticated request (token, account,
 * memberships): Kysely's builder and compiler cost more than SQLite's own lookup on these primary-key
 * reads (npm run bench foundation). `build` must use `value` as its only parameter. On SQLite, outside
 * any transaction, the statement runs straight on the connection (`runOnSqliteNow`).
 */
export function compiledRead<R>(build: (db: Kysely<any>, value: unknown) => Compilable<R>) {
  const byDialect = new Map<unknown, CompiledQuery<R>>();
  const PLACEHOLDER = Symbol('parameter');
  return async (db: Kysely<any>, value: unknown): Promise<R[]> => {
    // The adapter names the dialect (SQLite's `?` or PostgreSQL's `$1`); a transaction shares its database's.
    const dialect = db.getExecutor().adapter.constructor;
    let compiled = byDialect.get(dialect);
    if (!compiled) {
      compiled = build(db, PLACEHOLDER).compile();
      if (compiled.parameters.length !== 1 || compiled.parameters[0] !== PLACEHOLDER)
        throw new Error(`compiledRead: the query must have exactly one parameter (${compiled.sql})`);
      byDialect.set(dialect, compiled);
    }
    const query = { ...compiled, parameters: [value] };
    return runOnSqliteNow<R>(db, query) ?? (await db.executeQuery<R>(query)).rows;
  };
}

/**
 * The same for a query of several values (`build` gets one stand-in per value, in order) that may also
 * hold constants of its own (`copy = 'staging'`, `status = 'active'`): built and compiled once per
 * dialect, each call binding its values where the stand-ins were. For the further reads and writes every
 * agent reply makes (npm run bench agents). Every stand-in must be used.
 */
export function compiledQuery<R, A extends unknown[]>(arity: A['length'], build: (db: Kysely<any>, ...values: unknown[]) => Compilable<R>) {
  const stand = Array.from({ length: arity }, (_, i) => Symbol(`value ${i}`));
  const byDialect = new Map<unknown, { compiled: CompiledQuery<R>; slots: number[] }>();
  /** The statement with these values bound, to run now or later (`runAllOnSqlite`). */
  const bound = (db: Kysely<any>, ...values: A): CompiledQuery<R> => {
    const dialect = db.getExecutor().adapter.constructor;
    let entry = byDialect.get(dialect);
    if (!entry) {
      const compiled = build(db, ...stand).compile();
      // Per parameter: the value it takes (its index), or -1 for a constant of the query's own.
      const slots = compiled.parameters.map((p) => stand.indexOf(p as symbol));
      const unused = stand.filter((_, i) => !slots.includes(i));
      if (unused.length) throw new Error(`compiledQuery: ${unused.length} value(s) not used by the query (${compiled.sql})`);
      entry = { compiled, slots };
      byDialect.set(dialect, entry);
    }
    const { compiled, slots } = entry;
    const parameters = compiled.parameters.map((p, i) => (slots[i]! < 0 ? p : values[slots[i]!]));
    return { ...compiled, parameters };
  };
  const run = async (db: Kysely<any>, ...values: A): Promise<R[]> => {
    const query = bound(db, ...values);
    return runOnSqliteNow<R>(db, query) ?? (await db.executeQuery<R>(query)).rows;
  };
  return Object.assign(run, { bound });
}

/**
 * A write of a row of named values (an insert's columns, an update's `set`), plus `arity` further values
 * (a `where id = ?`): compiled once per dialect and per shape of the row (its columns with a value,
 * in order), each call binding the row's values and then the others. Undefined values are left out, as
 * the builder leaves them out. For the statements of every sent message (npm run bench inbox). The
 * shapes come from the code (an object literal, a patch of known fields), so they are few.
 */
export function compiledWrite<R, A extends unknown[] = []>(
  arity: A['length'],
  build: (db: Kysely<any>, row: Record<string, unknown>, ...values: unknown[]) => Compilable<R>,
) {
  const byShape = new Map<string, ReturnType<typeof compiledQuery<R, unknown[]>>>();
  /** The statement with this row and these values bound, to run now or later (`runAllOnSqlite`). */
  const bound = (db: Kysely<any>, row: object, ...values: A): CompiledQuery<R> => {
    const named = row as Record<string, unknown>;
    const columns = Object.keys(named).filter((c) => named[c] !== undefined);
    const shape = columns.join(',');
    let query = byShape.get(shape);
    if (!query) {
      query = compiledQuery<R, unknown[]>(columns.length + arity, (d, ...stand) =>
        build(d, Object.fromEntries(columns.map((c, i) => [c, stand[i]])), ...stand.slice(columns.length)),
      );
      byShape.set(shape, query);
    }
    return query.bound(db, ...columns.map((c) => named[c]), ...values);
  };
  const run = async (db: Kysely<any>, row: object, ...values: A): Promise<R[]> => {
    const query = bound(db, row, ...values);
    return runOnSqliteNow<R>(db, query) ?? (await db.executeQuery<R>(query)).rows;
  };
  return Object.assign(run, { bound });
}
