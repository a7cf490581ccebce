import type { Kysely } from 'kysely';
import { jsonType, withId } from '../columns.ts';

/** Agents: configuration copies (staging/default), versions, templates, apps, integrations, recorded requests. */
export async function up(db: Kysely<any>): Promise<void> {
  const json = jsonType(db);

  await withId(db, db.schema.createTable('campaigns'))
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('copy', 'varchar(8)', (c) => c.notNull())
    .addColumn('data', json, (c) => c.notNull())
    .addColumn('updated_by', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('campaigns_account_copy_uq', ['account_id', 'copy'])
    .execute();

  await withId(db, db.schema.createTable('agent_versions'))
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('source', 'varchar(12)', (c) => c.notNull())
    .addColumn('snapshot', json, (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('agent_versions_account_idx').on('agent_versions').columns(['account_id', 'created_at']).execute();

  await db.schema
    .createTable('agent_templates')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('owner_account_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    .addColumn('data', json, (c) => c.notNull())
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('deleted_at', 'bigint')
    .execute();
  await db.schema.createIndex('agent_templates_owner_idx').on('agent_templates').columns(['owner_account_id']).execute();

  await withId(db, db.schema.createTable('agent_apps'))
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('app_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('app_version', 'varchar(20)', (c) => c.notNull())
    .addColumn('app', json, (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('agent_apps_uq', ['account_id', 'app_id', 'app_version'])
    .execute();

  await db.schema
    .createTable('integrations')
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('slug', 'varchar(64)', (c) => c.notNull())
    .addColumn('app_data', json, (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('integrations_pk', ['account_id', 'slug'])
    .execute();

  await withId(db, db.schema.createTable('agent_requests'))
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('channel', 'varchar(10)', (c) => c.notNull())
    .addColumn('room_id', 'varchar(120)')
    .addColumn('details', json, (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('idempotency_key', 'varchar(200)', (c) => c.unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('agent_requests_account_idx').on('agent_requests').columns(['account_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['agent_requests', 'integrations', 'agent_apps', 'agent_templates', 'agent_versions', 'campaigns']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
