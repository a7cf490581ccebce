import type { Kysely } from 'kysely';

/**
 * An organization's own language model (modules/agents/model.ts): one row per organization; the API
 * key is sealed with platform/secrets (AES-GCM), never stored in clear.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('llm_connections')
    .addColumn('org_id', 'integer', (c) => c.primaryKey())
    .addColumn('provider', 'varchar(32)', (c) => c.notNull())
    .addColumn('model', 'varchar(200)', (c) => c.notNull())
    .addColumn('base_url', 'varchar(500)')
    .addColumn('api_key', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('llm_connections').ifExists().execute();
}
