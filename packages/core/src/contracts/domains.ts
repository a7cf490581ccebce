import { z } from 'zod';
import { idParam, pageParams, targetParams, tokenParams } from './common.ts';

/**
 * Brands (spec §3 Domain, Domain profile; §7 Domain). A reseller or partner registers the domains its
 * customers use; each domain carries a brand profile (name, logo, colours, support URL) that the web
 * app shows when it is served on that host. Hosts without a brand of their own get the main brand.
 */

export { hostOf, isMainBrandId, MAIN_BRAND_NAME, MAIN_BRAND_PROFILE_ID, normalizeDomain } from '../rules/domains.ts';
import { MAIN_BRAND_NAME, MAIN_BRAND_PROFILE_ID } from '../rules/domains.ts';

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour like #1a73e8.');
const httpUrl = z
  .string()
  .max(2000)
  .refine((v) => {
    try {
      return ['http:', 'https:'].includes(new URL(v).protocol);
    } catch {
      return false;
    }
  }, 'Use a web address starting with https://');

/** A brand's settings: colours and where its users get help. */
export const brandSettings = z.object({
  colors: z
    .object({
      primary: hexColor.optional(),
      accent: hexColor.optional(),
    })
    .optional(),
  /** An external support page; without one the help button opens the 'get-support' form. */
  supportUrl: httpUrl.nullish(),
  supportEmail: z.email('Please enter a valid e-mail address.').nullish(),
});
export type BrandSettings = z.infer<typeof brandSettings>;

/** What the web app shows for a host (spec §3 Domain profile). */
export const domainProfile = z.object({
  id: z.number(),
  name: z.string(),
  domain: z.string().nullable(),
  isMainBrand: z.boolean(),
  details: z.object({ image: z.string().nullable() }),
  settings: brandSettings,
});
export type DomainProfile = z.infer<typeof domainProfile>;

export const MAIN_BRAND_PROFILE: DomainProfile = {
  id: MAIN_BRAND_PROFILE_ID,
  name: MAIN_BRAND_NAME,
  domain: null,
  isMainBrand: true,
  details: { image: null },
  settings: { colors: { primary: '#4f46e5' }, supportUrl: null },
};

/** A registered domain as its owner sees it. */
export const domainItem = z.object({
  id: z.number(),
  domain: z.string(),
  accountId: z.number(),
  isDefault: z.boolean(),
  name: z.string().nullable(),
  image: z.string().nullable(),
  settings: brandSettings,
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type DomainItem = z.infer<typeof domainItem>;

const domainField = z.string().trim().min(1, 'Please enter a domain.').max(300);

export const domainLookupBody = z.looseObject({ ...tokenParams, ...targetParams, domain: domainField });
export const domainLookupResponse = z.object({
  success: z.literal(true),
  domain: z.string(),
  /** No brand uses this domain yet. */
  available: z.boolean(),
  profile: domainProfile.nullable(),
});

export const domainProfileQuery = z.object({ host: z.string().max(300).optional() });
export const domainProfileResponse = z.object({ success: z.literal(true), profile: domainProfile });

export const domainQuery = z.looseObject({
  ...tokenParams,
  ...targetParams,
  id: idParam.optional(),
  domain: z.string().max(300).optional(),
});

export const domainSaveBody = z.looseObject({
  ...tokenParams,
  ...targetParams,
  /** Given: update that domain (and rename it when `domain` differs). */
  id: idParam.optional(),
  domain: domainField.optional(),
  name: z.string().trim().max(120).nullish(),
  image: z.string().trim().max(2000).nullish(),
  settings: brandSettings.optional(),
  isDefault: z.boolean().optional(),
});

export const domainDefaultBody = z.looseObject({
  ...tokenParams,
  ...targetParams,
  id: idParam.optional(),
  domain: z.string().max(300).optional(),
});

export const domainsQuery = z.object({ ...tokenParams, ...targetParams, ...pageParams, search: z.string().max(120).optional() });

export const domainResponse = z.object({ success: z.literal(true), domain: domainItem.nullable() });
export const domainsResponse = z.object({ success: z.literal(true), domains: z.array(domainItem), totalDomains: z.number() });
