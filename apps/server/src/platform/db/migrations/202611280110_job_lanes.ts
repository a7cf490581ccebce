import type { Kysely } from 'kysely';

/**
 * A job's lane (platform/jobs/queue.ts): jobs of one lane run one at a time in the order they were
 * queued (a webhook endpoint's deliveries), jobs of different lanes side by side.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('lane', 'varchar(120)').execute();
  await db.schema.createIndex('jobs_lane_idx').on('jobs').columns(['lane', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('jobs_lane_idx').execute();
  await db.schema.alterTable('jobs').dropColumn('lane').execute();
}
