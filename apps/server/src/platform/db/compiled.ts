import type { CompiledQuery, Kysely } from 'kysely';

/** A query the builder can compile (select, insert, update, delete builders). */
interface Compilable<R> {
  compile(): CompiledQuery<R>;
}

/**
 * A read whose one parameter changes from call to call, built and compiled once per SQL dialect and
 * then executed with the new value. For the reads of every authenticated request (token, account,
 * memberships): Kysely's builder and compiler cost more than SQLite's own lookup on these primary-key
 * reads (npm run bench foundation). `build` must use `value` as its only parameter.
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
    return (await db.executeQuery<R>({ ...compiled, parameters: [value] })).rows;
  };
}
