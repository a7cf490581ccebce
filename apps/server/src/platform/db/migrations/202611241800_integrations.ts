import type { Kysely } from 'kysely';
import { jsonType, withId } from '../columns.ts';

/**
 * Integrations: encrypted credentials and health on each connection, the log of the agent's calls
 * (once per idempotency key); outbound webhooks: endpoints, deliveries (once per endpoint and event)
 * and the cursor over the event log that turns events into deliveries.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const json = jsonType(db);
  await db.schema.alterTable('integrations').addColumn('credentials', 'text').execute();
  await db.schema.alterTable('integrations').addColumn('connected_at', 'bigint').execute();
  await db.schema.alterTable('integrations').addColumn('last_success_at', 'bigint').execute();
  await db.schema.alterTable('integrations').addColumn('last_error', 'varchar(500)').execute();
  await db.schema.alterTable('integrations').addColumn('last_error_at', 'bigint').execute();

  await withId(db, db.schema.createTable('integration_calls'))
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('slug', 'varchar(64)', (c) => c.notNull())
    .addColumn('fn', 'varchar(64)', (c) => c.notNull())
    .addColumn('idempotency_key', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('result', json)
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('integration_calls_account_idx').on('integration_calls').columns(['account_id', 'created_at']).execute();

  await withId(db, db.schema.createTable('webhook_endpoints'))
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('url', 'varchar(2000)', (c) => c.notNull())
    .addColumn('description', 'varchar(200)', (c) => c.notNull())
    .addColumn('events', json, (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('failed_in_a_row', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('paused_reason', 'varchar(300)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webhook_endpoints_account_idx').on('webhook_endpoints').columns(['account_id']).execute();

  await withId(db, db.schema.createTable('webhook_deliveries'))
    .addColumn('endpoint_id', 'integer', (c) => c.notNull())
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('event_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('event_type', 'varchar(40)', (c) => c.notNull())
    .addColumn('payload', json, (c) => c.notNull())
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('response_status', 'integer')
    .addColumn('last_error', 'varchar(500)')
    .addColumn('duration_ms', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('delivered_at', 'bigint')
    .addUniqueConstraint('webhook_deliveries_uq', ['endpoint_id', 'event_id'])
    .execute();
  await db.schema.createIndex('webhook_deliveries_endpoint_idx').on('webhook_deliveries').columns(['endpoint_id', 'id']).execute();

  await withId(db, db.schema.createTable('ip_correlations'))
    .addColumn('ip_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('page', 'varchar(2000)', (c) => c.notNull())
    .addColumn('ref', 'varchar(2000)', (c) => c.notNull())
    .addColumn('account_id', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ip_correlations_ip_idx').on('ip_correlations').columns(['ip_hash', 'created_at']).execute();

  await db.schema
    .createTable('webhook_cursor')
    .addColumn('name', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('value', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['ip_correlations', 'webhook_cursor', 'webhook_deliveries', 'webhook_endpoints', 'integration_calls'])
    await db.schema.dropTable(t).ifExists().execute();
  for (const c of ['last_error_at', 'last_error', 'last_success_at', 'connected_at', 'credentials'])
    await db.schema.alterTable('integrations').dropColumn(c).execute();
}
