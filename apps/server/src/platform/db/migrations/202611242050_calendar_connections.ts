import type { Kysely } from 'kysely';

/**
 * A host's connected calendars (modules/calendar/connections.ts): one row per account and provider
 * (google, calendly). Tokens are sealed with platform/secrets (AES-GCM), never stored in clear.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('calendar_connections')
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    .addColumn('credentials', 'text', (c) => c.notNull())
    .addColumn('main_calendar', 'varchar(320)')
    .addColumn('external_user', 'varchar(500)')
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('calendar_connections_pk', ['account_id', 'provider'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('calendar_connections').ifExists().execute();
}
