import { sql, type Kysely } from 'kysely';
import { dialectOf, flag, jsonType, withId } from '../columns.ts';

/** Brands: the domains a partner or reseller serves the app on, each with its brand profile. */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('domains'))
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('domain', 'varchar(253)', (c) => c.notNull().unique())
    .addColumn('is_default', 'integer', flag)
    .addColumn('name', 'varchar(120)')
    .addColumn('image', 'varchar(2000)')
    .addColumn('settings', jsonType(db), (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('domains_account_idx').on('domains').column('account_id').execute();
  // Profile ids 2286 and 1217159 mean the main brand (spec §6): registered domains are numbered above both.
  if (dialectOf(db) === 'postgres') {
    await sql`select setval(pg_get_serial_sequence('domains', 'id'), 1217159)`.execute(db);
  } else {
    await sql`insert into sqlite_sequence (name, seq) values ('domains', 1217159)`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('domains').ifExists().execute();
}
