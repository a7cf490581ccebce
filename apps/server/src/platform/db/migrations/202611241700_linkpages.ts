import type { Kysely } from 'kysely';
import { withId } from '../columns.ts';

/**
 * Link pages (modules/linkpages): views of the public page and clicks on its links. The links and their
 * settings live on the account (accounts.links, accounts.links_config, from the foundation).
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
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('link_events').execute();
}
