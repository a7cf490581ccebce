import type { Kysely } from 'kysely';
import { withId } from '../columns.ts';

/** SIP trunks: IP whitelist, outbound routes, registrations (to providers, and of PBXs to us with their live binding). */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('sip_whitelist'))
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('label', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('sip_whitelist_uq', ['account_id', 'ip'])
    .execute();

  await withId(db, db.schema.createTable('sip_routes'))
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('prefix', 'varchar(16)', (c) => c.notNull())
    .addColumn('gateway', 'varchar(260)', (c) => c.notNull())
    .addColumn('transport', 'varchar(8)', (c) => c.notNull())
    .addColumn('username', 'varchar(100)')
    .addColumn('secret', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('sip_routes_uq', ['account_id', 'prefix'])
    .execute();

  await withId(db, db.schema.createTable('sip_registrations'))
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('server', 'varchar(260)')
    .addColumn('transport', 'varchar(8)', (c) => c.notNull())
    .addColumn('domain', 'varchar(253)')
    .addColumn('username', 'varchar(64)', (c) => c.notNull())
    // A PBX's username is unique on our registrar (null for provider registrations).
    .addColumn('registrar_user', 'varchar(64)', (c) => c.unique())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('expires', 'integer', (c) => c.notNull())
    .addColumn('state', 'varchar(14)', (c) => c.notNull())
    .addColumn('error', 'varchar(300)')
    .addColumn('expires_at', 'bigint')
    .addColumn('contact', 'varchar(300)')
    .addColumn('source_ip', 'varchar(64)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sip_registrations_account_idx').on('sip_registrations').columns(['account_id']).execute();
  await db.schema.createIndex('sip_registrations_source_idx').on('sip_registrations').columns(['source_ip']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['sip_registrations', 'sip_routes', 'sip_whitelist']) await db.schema.dropTable(t).ifExists().execute();
}
