import { MAIN_BRAND_DOMAIN_IDS } from '@switchboard/core/constants';

/** The brand the app is served under (spec §3 Domain profile); the main brand when none is known. */
export interface Brand {
  id: number | null;
  name: string;
  supportUrl?: string | null;
  genericBrand?: boolean;
}

export const MAIN_BRAND: Brand = { id: MAIN_BRAND_DOMAIN_IDS[0], name: 'Switchboard' };

export function isMainBrand(brand: Brand): boolean {
  return brand.id == null || (MAIN_BRAND_DOMAIN_IDS as readonly number[]).includes(brand.id);
}

export type HelpTarget =
  | { kind: 'docs'; page: string | null }
  | { kind: 'supportForm'; form: 'get-support'; page: string | null }
  | { kind: 'externalUrl'; url: string; page: string | null };

/**
 * Help button (spec §2): the in-product help/docs page for the default brand; otherwise the brand's
 * external support URL when its settings supply one, else the 'get-support' form. The docs page name
 * is passed through in every case.
 */
export function helpTarget(brand: Brand, page: string | null = null): HelpTarget {
  if (isMainBrand(brand) && !brand.genericBrand) return { kind: 'docs', page };
  const url = brand.supportUrl?.trim();
  if (url && /^https?:\/\//i.test(url)) {
    if (!page) return { kind: 'externalUrl', url, page };
    const u = new URL(url);
    u.searchParams.set('page', page);
    return { kind: 'externalUrl', url: u.toString(), page };
  }
  return { kind: 'supportForm', form: 'get-support', page };
}

/** The query string change that opens a help target inside the app (docs → `help`, form → `form`). */
export function helpQuery(target: HelpTarget): Record<string, string> | null {
  if (target.kind === 'docs') return { help: target.page ?? 'true' };
  if (target.kind === 'supportForm') return target.page ? { form: target.form, page: target.page } : { form: target.form };
  return null;
}
