import type { Kysely } from 'kysely';
import { flag, withId } from '../columns.ts';

/**
 * The app on a device (modules/device): each account's app identity, the Web Push (VAPID) key pair,
 * push subscriptions per user and device, who wants new-conversation pushes, and the deliveries made
 * (one row per subscription and event, so a retried job never pushes twice).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('app_identities')
    .addColumn('account_id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'varchar(45)')
    .addColumn('short_name', 'varchar(12)')
    .addColumn('icon', 'varchar(2000)')
    .addColumn('theme_color', 'varchar(7)')
    .addColumn('ios_url', 'varchar(2000)')
    .addColumn('android_url', 'varchar(2000)')
    .addColumn('feedback_email', 'varchar(320)')
    .addColumn('sales_email', 'varchar(320)')
    .addColumn('updated_by', 'integer')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('push_keys')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('public_key', 'varchar(200)', (c) => c.notNull())
    .addColumn('private_key', 'varchar(200)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await withId(db, db.schema.createTable('push_subscriptions'))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('device_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('endpoint', 'varchar(2000)', (c) => c.notNull().unique())
    .addColumn('p256dh', 'varchar(200)', (c) => c.notNull())
    .addColumn('auth', 'varchar(100)', (c) => c.notNull())
    .addColumn('last_error', 'varchar(500)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('push_subscriptions_user_device_idx')
    .on('push_subscriptions')
    .columns(['user_id', 'device_id'])
    .unique()
    .execute();
  await db.schema
    .createTable('push_preferences')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('new_conversations', 'integer', flag)
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('push_preferences_pk', ['user_id', 'account_id'])
    .execute();
  await db.schema.createIndex('push_preferences_account_idx').on('push_preferences').columns(['account_id', 'new_conversations']).execute();
  await db.schema
    .createTable('push_deliveries')
    .addColumn('subscription_id', 'integer', (c) => c.notNull())
    .addColumn('event_key', 'varchar(120)', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('push_deliveries_pk', ['subscription_id', 'event_key'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['push_deliveries', 'push_preferences', 'push_subscriptions', 'push_keys', 'app_identities']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
