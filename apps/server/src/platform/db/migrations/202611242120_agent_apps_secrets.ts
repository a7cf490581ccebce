import type { Kysely } from 'kysely';
import { flag } from '../columns.ts';

/**
 * Custom apps' secrets: every stored app is marked as not yet sealed; the apps module seals
 * the secret parameter values of those rows at start, with the secrets key (which a migration has not),
 * and marks them (apps/service.ts `sealStoredAppSecrets`). Apps saved afterwards are stored sealed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('agent_apps').addColumn('secrets_sealed', 'integer', flag).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('agent_apps').dropColumn('secrets_sealed').execute();
}
