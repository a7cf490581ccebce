import {
  brandSettings,
  displayName,
  hostOf,
  MAIN_BRAND_PROFILE,
  normalizeDomain,
  type BrandSettings,
  type DomainProfile,
} from '@switchboard/core';
import { fromJson } from '../../platform/db/columns.ts';
import type { Deps } from '../../deps.ts';
import type { AuthContext } from '../auth/index.ts';
import { AppError, badRequest, conflict, notFound } from '../../platform/http/errors.ts';
import { findAccount, recordAccountEvent } from '../accounts/index.ts';
import { brandDomainsRepository, toDomainItem, type BrandDomainRow } from './repository.ts';

const INVALID_DOMAIN = 'domain: Please enter a valid domain name, like app.yourbrand.com.';
const NOT_FOUND = 'No such domain on this account.';

/** Brands: the domains a partner or reseller serves the app on, and the profile shown on each. */
export function createBrandsService(deps: Deps) {
  const { db, config } = deps;
  const ownHost = hostOf(config.publicUrl);

  /** Hosts that are the product itself: its public URL, localhost, IP addresses, bare names. */
  function isOwnHost(host: string): boolean {
    return !host || host === ownHost || normalizeDomain(host) == null;
  }

  function parseDomain(raw: string): string {
    const domain = normalizeDomain(raw);
    if (!domain) throw badRequest(INVALID_DOMAIN, 'domain');
    if (isOwnHost(domain)) throw conflict('domain: That domain belongs to the product itself.', 'domain');
    return domain;
  }

  function parseImage(raw: string | null | undefined): string | null | undefined {
    if (raw === undefined) return undefined;
    const v = raw?.trim();
    if (!v) return null;
    if (/^\/files\/[\w.-]+$/.test(v)) return v;
    try {
      if (['http:', 'https:'].includes(new URL(v).protocol)) return v;
    } catch {
      /* fall through */
    }
    throw badRequest('image: Use an uploaded image or a web address starting with https://', 'image');
  }

  async function profileOf(row: BrandDomainRow): Promise<DomainProfile | null> {
    const owner = await findAccount(db, row.account_id);
    if (!owner) return null;
    const details = fromJson<Record<string, unknown>>(owner.details, {});
    const settings = brandSettings.safeParse(fromJson(row.settings, {}));
    return {
      id: row.id,
      name:
        row.name ||
        displayName({
          accountType: owner.account_type,
          details,
          name: owner.name,
          accountName: owner.account_name,
          username: owner.username,
        }),
      domain: row.domain,
      isMainBrand: false,
      details: { image: row.image ?? owner.profile_image ?? null },
      settings: settings.success ? settings.data : {},
    };
  }

  /** A domain another brand uses (a domain whose owner was deleted is free again). */
  async function takenByOther(domain: string, accountId: number, exceptId?: number): Promise<boolean> {
    const row = await brandDomainsRepository.findByDomain(db, domain);
    if (!row || row.id === exceptId) return false;
    if (row.account_id === accountId) return true;
    if (!(await findAccount(db, row.account_id))) {
      await brandDomainsRepository.remove(db, row.account_id, row.id);
      return false;
    }
    return true;
  }

  async function owned(ctx: AuthContext, by: { id?: number; domain?: string }): Promise<BrandDomainRow> {
    if (by.id == null && !by.domain) throw badRequest('domain: say which domain (id or domain).', 'domain');
    const domain = by.domain ? normalizeDomain(by.domain) : undefined;
    if (by.domain && !domain) throw badRequest(INVALID_DOMAIN, 'domain');
    const row = await brandDomainsRepository.findOwned(db, ctx.acting.id, { id: by.id, domain: domain ?? undefined });
    if (!row) throw notFound(NOT_FOUND);
    return row;
  }

  return {
    isOwnHost,

    /** The brand shown on a host: its own, the main brand on the product's hosts, else 404. */
    async profileForHost(rawHost: string | undefined): Promise<DomainProfile> {
      const host = hostOf(rawHost ?? '');
      if (isOwnHost(host)) return MAIN_BRAND_PROFILE;
      const row = await brandDomainsRepository.findByDomain(db, host);
      const profile = row ? await profileOf(row) : null;
      if (!profile) throw notFound('No brand is set up for this domain.');
      return profile;
    },

    async lookup(raw: string) {
      const domain = normalizeDomain(raw);
      if (!domain) throw badRequest(INVALID_DOMAIN, 'domain');
      if (isOwnHost(domain)) return { success: true as const, domain, available: false, profile: MAIN_BRAND_PROFILE };
      const row = await brandDomainsRepository.findByDomain(db, domain);
      const profile = row ? await profileOf(row) : null;
      return { success: true as const, domain, available: profile == null, profile };
    },

    async list(ctx: AuthContext, q: { page: number; pageSize: number; search?: string }) {
      await deps.requireAccess(ctx, 'canViewOrg');
      const { rows, total } = await brandDomainsRepository.list(db, ctx.acting.id, q);
      return { success: true as const, domains: rows.map(toDomainItem), totalDomains: total };
    },

    async get(ctx: AuthContext, by: { id?: number; domain?: string }) {
      await deps.requireAccess(ctx, 'canViewOrg');
      if (by.id == null && !by.domain) {
        const row = await brandDomainsRepository.defaultOf(db, ctx.acting.id);
        return { success: true as const, domain: row ? toDomainItem(row) : null };
      }
      return { success: true as const, domain: toDomainItem(await owned(ctx, by)) };
    },

    /** Adds a domain, or updates one (by id, or by a domain the account already has). */
    async save(
      ctx: AuthContext,
      input: { id?: number; domain?: string; name?: string | null; image?: string | null; settings?: BrandSettings; isDefault?: boolean },
    ) {
      await deps.requireAccess(ctx, 'canEditOrg');
      const accountId = ctx.acting.id;
      const domain = input.domain != null ? parseDomain(input.domain) : undefined;
      const image = parseImage(input.image);
      const name = input.name === undefined ? undefined : input.name?.trim() || null;
      let existing = input.id != null ? await owned(ctx, { id: input.id }) : undefined;
      if (!existing && domain) existing = await brandDomainsRepository.findOwned(db, accountId, { domain });
      if (!existing && !domain) throw badRequest('domain: Please enter a domain.', 'domain');
      if (domain && (await takenByOther(domain, accountId, existing?.id))) {
        throw conflict('domain: That domain is already in use.', 'domain');
      }
      try {
        const row = await db.transaction().execute(async (trx) => {
          let r: BrandDomainRow;
          if (existing) {
            r = await brandDomainsRepository.update(trx, accountId, existing.id, {
              ...(domain ? { domain } : {}),
              ...(name !== undefined ? { name } : {}),
              ...(image !== undefined ? { image } : {}),
              ...(input.settings ? { settings: input.settings } : {}),
            });
          } else {
            const first = (await brandDomainsRepository.count(trx, accountId)) === 0;
            r = await brandDomainsRepository.insert(trx, {
              accountId,
              domain: domain!,
              isDefault: false,
              name: name ?? null,
              image: image ?? null,
              settings: input.settings ?? {},
            });
            if (first) input.isDefault = true;
          }
          if (input.isDefault) await brandDomainsRepository.setDefault(trx, accountId, r.id);
          await recordAccountEvent(trx, accountId, ctx.user.id, existing ? 'domain_updated' : 'domain_added', { domain: r.domain });
          return (await brandDomainsRepository.findOwned(trx, accountId, { id: r.id }))!;
        });
        return { success: true as const, domain: toDomainItem(row) };
      } catch (err) {
        // Two brands racing for one domain: the unique index decides.
        if (err instanceof AppError) throw err;
        if (/unique|duplicate/i.test(String((err as Error).message))) throw conflict('domain: That domain is already in use.', 'domain');
        throw err;
      }
    },

    async remove(ctx: AuthContext, by: { id?: number; domain?: string }) {
      await deps.requireAccess(ctx, 'canEditOrg');
      const row = await owned(ctx, by);
      await db.transaction().execute(async (trx) => {
        await brandDomainsRepository.remove(trx, ctx.acting.id, row.id);
        if (row.is_default === 1) {
          const next = await brandDomainsRepository.defaultOf(trx, ctx.acting.id);
          if (next) await brandDomainsRepository.setDefault(trx, ctx.acting.id, next.id);
        }
        await recordAccountEvent(trx, ctx.acting.id, ctx.user.id, 'domain_removed', { domain: row.domain });
      });
      return { success: true as const, message: 'Domain removed.' };
    },

    async setDefault(ctx: AuthContext, by: { id?: number; domain?: string }) {
      await deps.requireAccess(ctx, 'canEditOrg');
      const row = await owned(ctx, by);
      await brandDomainsRepository.setDefault(db, ctx.acting.id, row.id);
      return { success: true as const, domain: toDomainItem((await brandDomainsRepository.findOwned(db, ctx.acting.id, { id: row.id }))!) };
    },
  };
}

export type BrandsService = ReturnType<typeof createBrandsService>;
