import type { Kysely } from 'kysely';
import { jsonType, withId } from '../columns.ts';

/** Webhooks: events of calls, contacts and payments waiting to become deliveries. */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('webhook_outbox'))
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('agent_id', 'integer')
    .addColumn('type', 'varchar(40)', (c) => c.notNull())
    .addColumn('event_key', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('payload', jsonType(db), (c) => c.notNull())
    .addColumn('dispatched_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webhook_outbox_waiting').on('webhook_outbox').columns(['dispatched_at', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('webhook_outbox').execute();
}
