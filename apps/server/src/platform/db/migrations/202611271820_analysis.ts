import type { Kysely } from 'kysely';
import { jsonType } from '../columns.ts';

/**
 * The analysis written after a conversation closes or a call ends (summary, outcome, sentiment, the
 * fields the agent's settings ask for): on the room (its latest close) and on the call. `analysis_key`
 * names the end it describes (`<roomPk>:<lastMessageId>`, the call's id), so a retried job writes it once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('rooms').addColumn('analysis', jsonType(db)).execute();
  await db.schema.alterTable('rooms').addColumn('analysis_key', 'varchar(100)').execute();
  await db.schema.alterTable('calls').addColumn('analysis', jsonType(db)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('calls').dropColumn('analysis').execute();
  await db.schema.alterTable('rooms').dropColumn('analysis_key').execute();
  await db.schema.alterTable('rooms').dropColumn('analysis').execute();
}
