import type { Deps } from '../../deps.ts';
import type { AuthContext } from '../auth/index.ts';
import { badRequest } from '../../platform/http/errors.ts';
import { integrationsRepository } from './repository.ts';

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

  const read = (accountId: number, slug: string) => integrationsRepository.read(db, accountId, slug);

  return {
    async get(ctx: AuthContext, slug: string) {
      await deps.requireAccess(ctx, 'canViewOrg');
      checkSlug(slug);
      const r = await read(ctx.acting.id, slug);
      return { success: true as const, integrationSlug: slug, connected: r != null, appData: mask(r?.appData ?? {}), updatedAt: r?.updatedAt ?? null };
    },

    /** Merges appData; a key set to null is removed; a masked secret sent back keeps the stored one. */
    async save(ctx: AuthContext, slug: string, appData: Record<string, unknown>) {
      await deps.requireAccess(ctx, 'canEditOrg');
      checkSlug(slug);
      const current = (await read(ctx.acting.id, slug))?.appData ?? {};
      const next: Record<string, unknown> = { ...current };
      for (const [k, v] of Object.entries(appData)) {
        if (v === null) delete next[k];
        else if (v === INTEGRATION_MASK && SECRET_KEY.test(k)) continue;
        else next[k] = v;
      }
      const now = Date.now();
      await integrationsRepository.save(db, ctx.acting.id, slug, next, now);
      return { success: true as const, integrationSlug: slug, connected: true, appData: mask(next), updatedAt: now };
    },
  };
}
