import { fromJson, toJson } from '../../db/columns.ts';
import type { Deps } from '../../deps.ts';
import { requirePermission, type AuthContext } from '../../http/auth.ts';
import { badRequest } from '../../http/errors.ts';

/** Keys whose values are secrets: stored, never sent back. */
const SECRET_KEY = /token|secret|password|apikey|api_key|key$|pat$/i;
export const INTEGRATION_MASK = '••••••••';

const mask = (data: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(data).map(([k, v]) => [k, SECRET_KEY.test(k) && v ? INTEGRATION_MASK : v]));

/** Integrations (spec §3, §7): per account and slug, the integration's settings (appData). */
export function createIntegrationsService(deps: Deps) {
  const { db } = deps;
  const checkSlug = (slug: string) => {
    if (!/^[a-z0-9][a-z0-9-]{0,63}$/.test(slug)) throw badRequest('slug: lower-case letters, digits and - only', 'slug');
  };

  async function read(accountId: number, slug: string) {
    const row = await db.selectFrom('integrations').select(['app_data', 'updated_at']).where('account_id', '=', accountId).where('slug', '=', slug).executeTakeFirst();
    return row ? { appData: fromJson<Record<string, unknown>>(row.app_data, {}), updatedAt: row.updated_at } : undefined;
  }

  return {
    async get(ctx: AuthContext, slug: string) {
      requirePermission(ctx, 'canViewOrg');
      checkSlug(slug);
      const r = await read(ctx.acting.id, slug);
      return { success: true as const, integrationSlug: slug, connected: r != null, appData: mask(r?.appData ?? {}), updatedAt: r?.updatedAt ?? null };
    },

    /** Merges appData; a key set to null is removed; a masked secret sent back keeps the stored one. */
    async save(ctx: AuthContext, slug: string, appData: Record<string, unknown>) {
      requirePermission(ctx, 'canEditOrg');
      checkSlug(slug);
      const current = (await read(ctx.acting.id, slug))?.appData ?? {};
      const next: Record<string, unknown> = { ...current };
      for (const [k, v] of Object.entries(appData)) {
        if (v === null) delete next[k];
        else if (v === INTEGRATION_MASK && SECRET_KEY.test(k)) continue;
        else next[k] = v;
      }
      const now = Date.now();
      await db
        .insertInto('integrations')
        .values({ account_id: ctx.acting.id, slug, app_data: toJson(next), updated_at: now })
        .onConflict((oc) => oc.columns(['account_id', 'slug']).doUpdateSet({ app_data: toJson(next), updated_at: now }))
        .execute();
      return { success: true as const, integrationSlug: slug, connected: true, appData: mask(next), updatedAt: now };
    },
  };
}
