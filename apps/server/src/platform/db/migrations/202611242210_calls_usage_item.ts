import type { Kysely } from 'kysely';

/** The usage item a phone call's minutes counted as (`voice`, or `advancedVoice` when a cloud voice spoke); none before this. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('calls').addColumn('usage_item', 'varchar(20)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('calls').dropColumn('usage_item').execute();
}
