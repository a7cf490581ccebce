import type { Kysely } from 'kysely';

/**
 * A Lightning invoice keeps what it was asked for in (spec §3 Invoice: amount, unit, slug): the unit the
 * amount was given in (USD, SAT or MSAT; earlier invoices were all asked in USD or read as such) and the
 * pay link's slug when a visitor asked for it there (null for an account's own top-up).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('lightning_invoices')
    .addColumn('unit', 'varchar(10)', (c) => c.notNull().defaultTo('USD'))
    .execute();
  await db.schema.alterTable('lightning_invoices').addColumn('slug', 'varchar(100)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('lightning_invoices').dropColumn('slug').execute();
  await db.schema.alterTable('lightning_invoices').dropColumn('unit').execute();
}
