import type { Kysely } from 'kysely';

/**
 * Logs are read newest first by (created_at, id) within an organization, so a time range and the
 * order come from one index walk with no sort (modules/logs/repository.ts); it replaces the index on
 * (account_id, created_at), whose prefix it covers. `logs_created_at_idx` serves the retention prune.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('logs_account_time_id_idx').on('logs').columns(['account_id', 'created_at', 'id']).execute();
  await db.schema.dropIndex('logs_account_time_idx').ifExists().execute();
  await db.schema.createIndex('logs_created_at_idx').on('logs').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('logs_account_time_idx').on('logs').columns(['account_id', 'created_at']).execute();
  await db.schema.dropIndex('logs_account_time_id_idx').ifExists().execute();
  await db.schema.dropIndex('logs_created_at_idx').ifExists().execute();
}
