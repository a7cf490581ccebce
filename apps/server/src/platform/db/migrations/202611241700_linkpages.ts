import type { Kysely } from 'kysely';
import { withId } from '../columns.ts';

/**
 * Link pages (modules/linkpages): views of the public page and clicks on its links. The links and their
 * settings live on the account (accounts.links, accounts.links_config, from the foundation).
 * Referrals (modules/referrals): each account's referral code, and the invitations sent, one per target.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('link_events'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('link_id', 'varchar(40)')
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('referrer', 'varchar(200)')
    .addColumn('user_agent', 'varchar(500)')
    .addColumn('country', 'varchar(2)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('link_events_account_day').on('link_events').columns(['account_id', 'day']).execute();
  await db.schema
    .createTable('referral_codes')
    .addColumn('account_id', 'integer', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('code', 'varchar(16)', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await withId(db, db.schema.createTable('referral_invites'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('channel', 'varchar(8)', (c) => c.notNull())
    // One invitation per address, whoever sends it.
    .addColumn('target', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('joined_account_id', 'integer')
    .addColumn('joined_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('referral_invites_account').on('referral_invites').columns(['account_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('referral_invites').execute();
  await db.schema.dropTable('referral_codes').execute();
  await db.schema.dropTable('link_events').execute();
}
