import type { Kysely } from 'kysely';

/**
 * A push subscription remembers the session it was made in: once that session is signed out (or
 * expires), the browser gets no more pushes for that user (modules/device).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('push_subscriptions').addColumn('token_id', 'varchar(64)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('push_subscriptions').dropColumn('token_id').execute();
}
