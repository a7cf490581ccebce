import type { Kysely } from 'kysely';
import { jsonType } from '../columns.ts';

/** Per-turn timings of a call (end of speech → transcript → first token → first audio → played), stored when it ends. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('calls').addColumn('turn_timings', jsonType(db)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('calls').dropColumn('turn_timings').execute();
}
