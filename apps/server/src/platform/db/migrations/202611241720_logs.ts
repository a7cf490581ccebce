import type { Kysely } from 'kysely';
import { jsonType, withId } from '../columns.ts';

/**
 * The append-only activity log of an organization (modules/logs): messages, agent turns, function
 * calls, webhook deliveries and errors, each written in the transaction of what it records. `key` makes
 * a retried write land once. Keyset pages read (account_id, id) downwards. Usage counters stay in
 * `usage_daily` (foundation migration), which every module writes through modules/stats.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('logs'))
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('agent_id', 'integer')
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('direction', 'varchar(16)')
    .addColumn('contact', 'varchar(320)')
    .addColumn('number', 'varchar(32)')
    .addColumn('room_id', 'varchar(64)')
    .addColumn('summary', 'varchar(500)', (c) => c.notNull())
    .addColumn('details', jsonType(db), (c) => c.notNull())
    .addColumn('key', 'varchar(200)', (c) => c.unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('logs_account_id_idx').on('logs').columns(['account_id', 'id']).execute();
  await db.schema.createIndex('logs_account_time_idx').on('logs').columns(['account_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('logs').ifExists().execute();
}
