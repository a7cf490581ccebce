import type { Kysely } from 'kysely';
import { withId } from '../columns.ts';

/**
 * Phone numbers: what each number is (bought or brought), who answers it, its carrier id and place;
 * bring-your-own verification codes (hashed); forwarding checks. The simulated carrier's own state:
 * numbers it sold (so a number bought elsewhere between search and buy is refused, across restarts),
 * its call ledger, and the call forwarding each simulated phone has dialled in.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const cols: [string, string][] = [
    ['agent_id', 'integer'],
    ['kind', 'varchar(12)'],
    ['status', 'varchar(24)'],
    ['routing', 'varchar(16)'],
    ['carrier_sid', 'varchar(64)'],
    ['locality', 'varchar(100)'],
    ['region', 'varchar(100)'],
    ['capabilities', 'varchar(40)'],
    ['forward_to', 'varchar(32)'],
    ['verified_at', 'bigint'],
  ];
  for (const [name, type] of cols)
    await db.schema
      .alterTable('phone_numbers')
      .addColumn(name, type as 'integer')
      .execute();

  await withId(db, db.schema.createTable('number_verifications'))
    .addColumn('number', 'varchar(32)', (c) => c.notNull())
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('salt', 'varchar(32)', (c) => c.notNull())
    .addColumn('method', 'varchar(8)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('number_verifications_number_idx').on('number_verifications').columns(['number', 'account_id']).execute();

  await withId(db, db.schema.createTable('forwarding_checks'))
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('cell', 'varchar(32)', (c) => c.notNull())
    .addColumn('expected', 'varchar(32)', (c) => c.notNull())
    .addColumn('caller_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('seen', 'varchar(32)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .execute();
  await db.schema.createIndex('forwarding_checks_caller_idx').on('forwarding_checks').columns(['caller_id', 'status']).execute();

  await withId(db, db.schema.createTable('carrier_numbers'))
    .addColumn('number', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('sid', 'varchar(40)', (c) => c.notNull())
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('owner', 'varchar(40)', (c) => c.notNull())
    .addColumn('voice_url', 'varchar(500)')
    .addColumn('sms_url', 'varchar(500)')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('carrier_calls'))
    .addColumn('sid', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('from_number', 'varchar(32)', (c) => c.notNull())
    .addColumn('to_number', 'varchar(32)', (c) => c.notNull())
    .addColumn('kind', 'varchar(12)', (c) => c.notNull())
    .addColumn('spoken', 'varchar(500)')
    .addColumn('forwarded_to', 'varchar(32)')
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('carrier_forwarding')
    .addColumn('phone', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('mode', 'varchar(16)', (c) => c.notNull())
    .addColumn('target', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['carrier_forwarding', 'carrier_calls', 'carrier_numbers', 'forwarding_checks', 'number_verifications'])
    await db.schema.dropTable(t).execute();
}
