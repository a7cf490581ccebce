import type { Kysely } from 'kysely';

/**
 * Calls, live and after: the inbox conversation a call joined (`room_id`), its two-channel recording in
 * the files provider (`recording_key`, `recording_bytes`), the transfer it attempted (`transfer_to`,
 * `transfer_status`), and each organization's recording retention (`call_settings`).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('calls').addColumn('room_id', 'varchar(40)').execute();
  await db.schema.alterTable('calls').addColumn('recording_key', 'varchar(200)').execute();
  await db.schema.alterTable('calls').addColumn('recording_bytes', 'integer').execute();
  await db.schema.alterTable('calls').addColumn('transfer_to', 'varchar(64)').execute();
  await db.schema.alterTable('calls').addColumn('transfer_status', 'varchar(20)').execute();
  await db.schema
    .createTable('call_settings')
    .addColumn('account_id', 'integer', (c) => c.primaryKey())
    .addColumn('recording_retention_days', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('call_settings').execute();
  for (const c of ['transfer_status', 'transfer_to', 'recording_bytes', 'recording_key', 'room_id'])
    await db.schema.alterTable('calls').dropColumn(c).execute();
}
