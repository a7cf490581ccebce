import type { Kysely } from 'kysely';
import { flag, jsonType, withId } from '../columns.ts';

export async function up(db: Kysely<any>): Promise<void> {
  const json = jsonType(db);

  await withId(db, db.schema.createTable('accounts'))
    .addColumn('username', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('account_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('partner_id', 'integer')
    .addColumn('reseller_id', 'integer')
    .addColumn('organization_id', 'integer')
    .addColumn('parent_id', 'integer')
    .addColumn('email', 'varchar(320)')
    .addColumn('email_verified', 'integer', flag)
    .addColumn('phone_number', 'varchar(32)')
    .addColumn('phone_number_verified', 'integer', flag)
    .addColumn('temp_user', 'integer', flag)
    .addColumn('super_admin', 'integer', flag)
    .addColumn('name', 'varchar(120)')
    .addColumn('account_name', 'varchar(120)')
    .addColumn('details', json, (c) => c.notNull())
    .addColumn('settings', json, (c) => c.notNull())
    .addColumn('social_links', json, (c) => c.notNull())
    .addColumn('social_links_position', 'varchar(8)', (c) => c.notNull().defaultTo('bottom'))
    .addColumn('links', json, (c) => c.notNull())
    .addColumn('links_config', json, (c) => c.notNull())
    .addColumn('profile_image', 'varchar(2000)')
    .addColumn('vida_phone_number', 'varchar(32)')
    .addColumn('vida_premium', 'integer', flag)
    .addColumn('sms_enabled', 'integer', flag)
    .addColumn('tier1_partner', 'integer', flag)
    .addColumn('tier2_partner', 'integer', flag)
    .addColumn('tier3_partner', 'integer', flag)
    .addColumn('onboarding_complete', 'integer', flag)
    .addColumn('external_account_id', 'varchar(200)')
    .addColumn('billing_id', 'varchar(200)')
    .addColumn('billing_subscription_id', 'varchar(200)')
    .addColumn('product_plan_id', 'varchar(200)')
    .addColumn('product_plan_term', 'varchar(32)')
    .addColumn('subscribed_at', 'bigint')
    .addColumn('canceled_at', 'bigint')
    .addColumn('disabled_at', 'bigint')
    .addColumn('disabled_reason', 'varchar(500)')
    .addColumn('disabled_details', 'text')
    .addColumn('deleted_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  for (const col of ['partner_id', 'reseller_id', 'organization_id', 'email', 'phone_number', 'created_at']) {
    await db.schema.createIndex(`accounts_${col}_idx`).on('accounts').column(col).execute();
  }

  await withId(db, db.schema.createTable('memberships'))
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('is_owner', 'integer', flag)
    .addColumn('invited_by', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('memberships_account_user_unique', ['account_id', 'user_id'])
    .execute();
  await db.schema.createIndex('memberships_user_idx').on('memberships').column('user_id').execute();

  await db.schema
    .createTable('tokens')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('account_id', 'integer')
    .addColumn('description', 'varchar(200)')
    .addColumn('api_type', 'varchar(32)')
    .addColumn('redirect_url', 'varchar(2000)')
    .addColumn('preview', 'varchar(16)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint')
    .addColumn('last_used_at', 'bigint')
    .addColumn('consumed_at', 'bigint')
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('tokens_user_idx').on('tokens').columns(['user_id', 'kind']).execute();

  await withId(db, db.schema.createTable('verification_codes'))
    .addColumn('channel', 'varchar(8)', (c) => c.notNull())
    .addColumn('address', 'varchar(320)', (c) => c.notNull())
    .addColumn('purpose', 'varchar(32)', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('salt', 'varchar(32)', (c) => c.notNull())
    .addColumn('account_id', 'integer')
    .addColumn('payload', json, (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('consumed_at', 'bigint')
    .execute();
  await db.schema.createIndex('codes_address_idx').on('verification_codes').columns(['address', 'purpose', 'created_at']).execute();

  await withId(db, db.schema.createTable('outbox'))
    .addColumn('channel', 'varchar(8)', (c) => c.notNull())
    .addColumn('to_address', 'varchar(320)', (c) => c.notNull())
    .addColumn('from_address', 'varchar(320)')
    .addColumn('subject', 'varchar(300)')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('error', 'varchar(500)')
    .addColumn('idempotency_key', 'varchar(200)', (c) => c.unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('usage_daily')
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('date', 'varchar(10)', (c) => c.notNull())
    .addColumn('item', 'varchar(32)', (c) => c.notNull())
    .addColumn('quantity', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('usage_daily_pk', ['account_id', 'date', 'item'])
    .execute();

  await withId(db, db.schema.createTable('check_ins'))
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('details', json, (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('check_ins_account_idx').on('check_ins').columns(['account_id', 'kind', 'created_at']).execute();

  await withId(db, db.schema.createTable('account_events'))
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('actor_id', 'integer')
    .addColumn('action', 'varchar(32)', (c) => c.notNull())
    .addColumn('details', json, (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['account_events', 'check_ins', 'usage_daily', 'outbox', 'verification_codes', 'tokens', 'memberships', 'accounts']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
