import type { Kysely } from 'kysely';

/**
 * Card disputes: one row per processor dispute, so its hold and its outcome each move the
 * ledger once whatever order or number of webhooks report it. `held` is what the wallet could cover,
 * `owed` the rest (recorded on the account's `owed:<id>` ledger account).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('disputes')
    .addColumn('id', 'varchar(120)', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('checkout_id', 'varchar(120)', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('held', 'bigint', (c) => c.notNull())
    .addColumn('owed', 'bigint', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('disputes').execute();
}
