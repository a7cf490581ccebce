import type { DbOrTx } from '../../db.ts';
import { fromJson, toJson } from '../../platform/db/columns.ts';

export const integrationsRepository = {
  async read(db: DbOrTx, accountId: number, slug: string): Promise<{ appData: Record<string, unknown>; updatedAt: number } | undefined> {
    const row = await db.selectFrom('integrations').select(['app_data', 'updated_at']).where('account_id', '=', accountId).where('slug', '=', slug).executeTakeFirst();
    return row ? { appData: fromJson<Record<string, unknown>>(row.app_data, {}), updatedAt: row.updated_at } : undefined;
  },

  async save(db: DbOrTx, accountId: number, slug: string, appData: Record<string, unknown>, now: number): Promise<void> {
    await db
      .insertInto('integrations')
      .values({ account_id: accountId, slug, app_data: toJson(appData), updated_at: now })
      .onConflict((oc) => oc.columns(['account_id', 'slug']).doUpdateSet({ app_data: toJson(appData), updated_at: now }))
      .execute();
  },
};
