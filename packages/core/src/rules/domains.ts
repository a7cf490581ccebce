import { MAIN_BRAND_DOMAIN_IDS } from '../constants.ts';

/** Domain names of brands (spec §3 Domain), without zod so the web app can use them cheaply. */

/** The main brand's profile id (spec §6: domain ids 2286 and 1217159 count as the main brand). */
export const MAIN_BRAND_PROFILE_ID = MAIN_BRAND_DOMAIN_IDS[0];
export const MAIN_BRAND_NAME = 'Switchboard';

export function isMainBrandId(id: number | null | undefined): boolean {
  return id != null && (MAIN_BRAND_DOMAIN_IDS as readonly number[]).includes(id);
}

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * A domain as typed by a person ("https://Brand.Example.com/login") reduced to its host name
 * ("brand.example.com"), or null when it is not a public host name (no dot, an IP address, bad labels).
 */
export function normalizeDomain(raw: string): string | null {
  let host = raw.trim().toLowerCase();
  if (!host) return null;
  host = host.replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
  host = host.split(/[/?#]/)[0]!;
  if (host.includes('@')) return null;
  host = host.replace(/:\d+$/, '').replace(/\.$/, '');
  if (host.length > 253) return null;
  const labels = host.split('.');
  if (labels.length < 2) return null;
  if (!labels.every((l) => LABEL.test(l))) return null;
  // The top-level label is letters (or an IDN "xn--" label): this also turns away IP addresses.
  const tld = labels[labels.length - 1]!;
  if (!/^(?:[a-z]{2,63}|xn--[a-z0-9-]{2,59})$/.test(tld)) return null;
  return host;
}

/** A host name from a Host header or URL (ports and case dropped), without validation. */
export function hostOf(raw: string): string {
  return raw
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .split(/[/?#]/)[0]!
    .replace(/:\d+$/, '')
    .replace(/\.$/, '');
}
