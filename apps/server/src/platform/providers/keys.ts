import type { Kysely } from 'kysely';

/** Secrets a local provider generates once and keeps (its webhook secret, its node key). */
export interface ProviderKeysTable {
  name: string;
  value: string;
  created_at: number;
}

/** The key with this name, generated and stored the first time (the first writer wins under a race). */
export async function providerKey(db: Kysely<{ provider_keys: ProviderKeysTable }>, name: string, generate: () => string): Promise<string> {
  const found = await db.selectFrom('provider_keys').select('value').where('name', '=', name).executeTakeFirst();
  if (found) return found.value;
  await db
    .insertInto('provider_keys')
    .values({ name, value: generate(), created_at: Date.now() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  return (await db.selectFrom('provider_keys').select('value').where('name', '=', name).executeTakeFirstOrThrow()).value;
}
