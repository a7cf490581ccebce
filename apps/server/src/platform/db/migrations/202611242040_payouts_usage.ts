import type { Kysely } from 'kysely';
import { withId } from '../columns.ts';

/**
 * Payouts and usage charges: withdrawals (Lightning, Stripe Connect, PayPal, Venmo) with
 * their states, the accounts connected for Stripe payouts, the local payout processor's own state,
 * and each organization's usage charged per billing period and item (the graduated/volume tiers need
 * the running quantity).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('payouts')
    .addColumn('id', 'varchar(60)', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('method', 'varchar(20)', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('amount_msat', 'bigint')
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('provider', 'varchar(20)', (c) => c.notNull())
    .addColumn('provider_ref', 'varchar(120)')
    .addColumn('failure_reason', 'varchar(500)')
    .addColumn('idempotency_key', 'varchar(200)', (c) => c.unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payouts_account_idx').on('payouts').columns(['account_id', 'created_at']).execute();
  await db.schema.createIndex('payouts_ref_idx').on('payouts').columns(['provider_ref']).execute();
  await db.schema
    .createTable('connected_accounts')
    .addColumn('account_id', 'integer', (c) => c.primaryKey())
    .addColumn('provider', 'varchar(20)', (c) => c.notNull())
    .addColumn('external_id', 'varchar(120)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await withId(db, db.schema.createTable('local_payouts'))
    .addColumn('ref', 'varchar(60)', (c) => c.notNull().unique())
    .addColumn('method', 'varchar(20)', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // An invoice a visitor asked for on a pay link (not the owner's own pending invoice).
  await db.schema
    .alterTable('lightning_invoices')
    .addColumn('pay_link', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('usage_charges')
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('period_end', 'bigint', (c) => c.notNull())
    .addColumn('item', 'varchar(30)', (c) => c.notNull())
    .addColumn('quantity', 'bigint', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('usage_charges_pk', ['account_id', 'period_end', 'item'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('lightning_invoices').dropColumn('pay_link').execute();
  for (const t of ['usage_charges', 'local_payouts', 'connected_accounts', 'payouts']) await db.schema.dropTable(t).execute();
}
