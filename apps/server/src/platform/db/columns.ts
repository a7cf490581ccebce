import { PostgresAdapter, sql, type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely } from 'kysely';

/**
 * Helpers that let one migration run on SQLite and PostgreSQL, and one repository read both:
 * booleans are stored as 0/1 integers, JSON as text (SQLite) / jsonb (PostgreSQL), time as epoch ms.
 */
export type DialectKind = 'sqlite' | 'postgres';

export function dialectOf(db: Kysely<any>): DialectKind {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/** An auto-incrementing integer primary key on either database. */
export function withId<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, any>): CreateTableBuilder<T, any> {
  return dialectOf(db) === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export function jsonType(db: Kysely<any>) {
  return dialectOf(db) === 'postgres' ? sql`jsonb` : sql`text`;
}

export const flag = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);

/** JSON read from either database (PostgreSQL parses jsonb, SQLite hands back text). */
export function fromJson<T>(value: unknown, fallback: T): T {
  if (value == null) return fallback;
  if (typeof value === 'string') {
    try {
      return JSON.parse(value) as T;
    } catch {
      return fallback;
    }
  }
  return value as T;
}

export function toJson(value: unknown): string {
  return JSON.stringify(value ?? null);
}

export const toFlag = (b: boolean | undefined | null): number => (b ? 1 : 0);
export const isSet = (v: unknown): boolean => v === 1 || v === true || v === '1';

/**
 * Serializes the transactions that take the same key until they commit (PostgreSQL advisory lock), so a
 * read-then-insert such as picking a free username cannot pick what a concurrent transaction is about to
 * insert. SQLite needs nothing: its writes already run one transaction at a time.
 */
export async function lockUntilCommit(trx: Kysely<any>, key: string): Promise<void> {
  if (dialectOf(trx) === 'postgres') await sql`SELECT pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
}
