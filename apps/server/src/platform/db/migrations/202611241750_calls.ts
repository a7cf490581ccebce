import type { Kysely } from 'kysely';
import { jsonType } from '../columns.ts';

/**
 * Voice calls (modules/calls): one row per call, inbound, outbound or from the browser, with its
 * transcript and timed events (JSON) once it ends. `client_key` makes a retried outbound request
 * place one call.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('calls')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('agent_id', 'integer', (c) => c.notNull())
    .addColumn('direction', 'varchar(10)', (c) => c.notNull())
    .addColumn('from_number', 'varchar(64)', (c) => c.notNull())
    .addColumn('to_number', 'varchar(64)', (c) => c.notNull())
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('client_key', 'varchar(200)', (c) => c.unique())
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('answered_at', 'bigint')
    .addColumn('ended_at', 'bigint')
    .addColumn('duration_ms', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('end_reason', 'varchar(200)')
    .addColumn('transcript', jsonType(db), (c) => c.notNull())
    .addColumn('events', jsonType(db), (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .execute();
  await db.schema.createIndex('calls_account_idx').on('calls').columns(['account_id', 'started_at']).execute();
  await db.schema.createIndex('calls_status_idx').on('calls').columns(['status', 'started_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('calls').execute();
}
