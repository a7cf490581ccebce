import type { Kysely } from 'kysely';

/**
 * When the process holding a live call last said it still holds it (calls module heartbeat). A call in
 * progress whose holder went quiet (the process died) is ended by the orphan sweep.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('calls').addColumn('alive_at', 'bigint').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('calls').dropColumn('alive_at').execute();
}
