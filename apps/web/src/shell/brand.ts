import { MAIN_BRAND_DOMAIN_IDS } from '@switchboard/core/constants';
import type { DomainProfile } from '@switchboard/core/contracts/domains';
import type { Brand } from './help.ts';
import { mobileContext } from './mobile.ts';

const MAIN_BRAND_PROFILE_ID = MAIN_BRAND_DOMAIN_IDS[0];
const MAIN_BRAND_NAME = 'Switchboard';
const isMainBrandId = (id: number) => (MAIN_BRAND_DOMAIN_IDS as readonly number[]).includes(id);

/** The brand of the host the app is served on (spec §3 Domain profile); useBrand (shell/api.ts) loads it. */
export interface ShellBrand extends Brand {
  logo: string | null;
  supportEmail: string | null;
  primary: string | null;
  accent: string | null;
  isMain: boolean;
}

export const MAIN_SHELL_BRAND: ShellBrand = {
  id: MAIN_BRAND_PROFILE_ID,
  name: MAIN_BRAND_NAME,
  supportUrl: null,
  logo: null,
  supportEmail: null,
  primary: null,
  accent: null,
  isMain: true,
};

/** A profile answer → the brand; false (404), null or a malformed profile → the main brand. */
export function brandFromProfile(profile: DomainProfile | false | null | undefined): ShellBrand {
  if (!profile || typeof profile.id !== 'number' || !profile.name) return MAIN_SHELL_BRAND;
  const isMain = profile.isMainBrand || isMainBrandId(profile.id);
  return {
    id: profile.id,
    name: profile.name,
    supportUrl: profile.settings?.supportUrl ?? null,
    logo: profile.details?.image ?? null,
    supportEmail: profile.settings?.supportEmail ?? null,
    primary: isMain ? null : (profile.settings?.colors?.primary ?? null),
    accent: isMain ? null : (profile.settings?.colors?.accent ?? null),
    isMain,
  };
}

let current: ShellBrand = MAIN_SHELL_BRAND;

/**
 * Generic-brand mode (`?genericBrand=true`) hides the main brand's marks; a partner's own brand keeps
 * its name and logo. `genericBrand` on the result means "show no brand marks".
 */
export function withGenericMode(brand: ShellBrand, generic = mobileContext().genericBrand): ShellBrand {
  return { ...brand, genericBrand: generic && brand.isMain };
}

/** The brand as last loaded (the main brand until the profile answers), with generic-brand mode. */
export function currentBrand(): ShellBrand {
  return withGenericMode(current);
}

/** The brand as last loaded, without generic-brand mode. */
export function currentLoadedBrand(): ShellBrand {
  return current;
}

/** Brand colours become the app's `brand-*` colours (Tailwind 4 reads them from CSS variables). */
export function brandCssVars(brand: ShellBrand): Record<string, string> {
  if (!brand.primary) return {};
  const p = brand.primary;
  return {
    '--color-brand-50': `color-mix(in oklab, ${p} 8%, white)`,
    '--color-brand-100': `color-mix(in oklab, ${p} 16%, white)`,
    '--color-brand-500': `color-mix(in oklab, ${p} 85%, white)`,
    '--color-brand-600': p,
    '--color-brand-700': `color-mix(in oklab, ${p} 85%, black)`,
    '--color-brand-800': `color-mix(in oklab, ${p} 70%, black)`,
  };
}

/** Makes a loaded brand the current one, and its colours the page's. */
export function applyBrand(brand: ShellBrand) {
  current = brand;
  if (typeof document === 'undefined') return;
  const root = document.documentElement;
  for (const [k, v] of Object.entries(brandCssVars(brand))) root.style.setProperty(k, v);
}
