import type { Kysely } from 'kysely';

/**
 * Bookings the visitor can manage: the SHA-256 of the link's token (the token itself is only in the
 * confirmation) and when the booking was cancelled. Reminders are jobs keyed by booking and start.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bookings').addColumn('manage_token_hash', 'varchar(64)').execute();
  await db.schema.alterTable('bookings').addColumn('cancelled_at', 'bigint').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bookings').dropColumn('cancelled_at').execute();
  await db.schema.alterTable('bookings').dropColumn('manage_token_hash').execute();
}
