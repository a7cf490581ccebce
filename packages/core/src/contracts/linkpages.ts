import { z } from 'zod';
import { safePublicUrl } from '../rules/format.ts';
import { epochMsParam, targetParams, tokenParams } from './common.ts';
import { BUTTON_TYPES, LINK_FONTS, LINK_THEMES } from './linkpagesThemes.ts';

export * from './linkpagesThemes.ts';

/**
 * Link pages (spec §3 Account links/linksConfig, §7 Link page): the links and settings of an
 * account's public page, saved with `POST /api/v1/account/links`, and its statistics.
 */

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour like #1a73e8.');

/** A link a visitor may follow: http, https, mailto and tel only. */
export const publicUrl = z
  .string()
  .trim()
  .min(1, 'Please enter a link.')
  .max(2000)
  .refine((v) => safePublicUrl(v) != null, 'Only http, https, mailto and tel links are allowed.');

/** An uploaded file (/files/...) or an https image. */
const imageRef = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => /^\/files\/[\w.-]+$/.test(v) || /^https:\/\/\S+$/i.test(v), 'Use an uploaded image or an address starting with https://');

export const LINK_ID_PATTERN = /^[A-Za-z0-9_-]{1,40}$/;

export const pageLink = z.object({
  /** Chosen by the client (or the server when left out); the click address uses it. */
  id: z.string().regex(LINK_ID_PATTERN, 'Use letters, digits, - and _ (at most 40).').optional(),
  title: z.string().trim().min(1, 'Please enter a title.').max(120),
  url: publicUrl,
  thumbnail: imageRef.nullish(),
  enabled: z.boolean().default(true),
  /** Shown only from / until these times (epoch ms), when set. */
  visibleFrom: epochMsParam.nullish(),
  visibleUntil: epochMsParam.nullish(),
  /** Position on the page (lowest first); the array order when left out. */
  order: z.number().int().min(0).max(10_000).optional(),
});
export type PageLinkInput = z.infer<typeof pageLink>;

/** A link as stored and returned: every field set. */
export const savedLink = z.object({
  id: z.string(),
  title: z.string(),
  url: z.string(),
  thumbnail: z.string().nullable(),
  enabled: z.boolean(),
  visibleFrom: z.number().nullable(),
  visibleUntil: z.number().nullable(),
  order: z.number(),
});
export type SavedLink = z.infer<typeof savedLink>;

export const linkThemeSchema = z.object({
  key: z.string().max(60),
  displayName: z.string().max(60),
  luminance: z.enum(['DARK', 'LIGHT']),
  background: z.object({
    color: hexColor,
    style: z.enum(['FLAT', 'COLORUP']),
    type: z.enum(['COLOR', 'IMAGE']),
    imageUrl: imageRef.nullable(),
  }),
  buttonStyle: z.object({ type: z.enum(BUTTON_TYPES), background: hexColor, shadow: hexColor, text: hexColor }),
  socialStyle: z.object({ color: hexColor }),
  typeface: z.object({ color: hexColor, family: z.enum(LINK_FONTS) }),
});

const extra = z.object({ enabled: z.boolean().default(false) });
export const linkExtras = z.object({
  /** "Talk to our AI agent": opens the web chat (or a web call) of the agent named, else the account's own. */
  talkToAgent: extra.extend({ agentUsername: z.string().max(64).nullish(), mode: z.enum(['chat', 'call']).default('chat') }).optional(),
  /** "Text us": an sms: link to the number. */
  textUs: extra.extend({ phoneNumber: z.string().max(32).nullish() }).optional(),
  /** "Book a meeting": the /schedule page. */
  booking: extra.extend({ meetingType: z.string().max(64).nullish() }).optional(),
  /** "Pay": the pay link. */
  pay: extra.extend({ url: publicUrl.nullish() }).optional(),
});

/** The keys `linksConfig.theme` takes: the 19 bundled themes' and "custom" (an enum in the OpenAPI document). */
export const LINK_THEME_KEYS: [string, ...string[]] = ['custom', ...LINK_THEMES.map((t) => t.key)];

export const linksConfig = z.object({
  /** A bundled theme's key, or "custom" for `customTheme`. */
  theme: z
    .enum(LINK_THEME_KEYS, {
      error: (iss) => `there is no theme ${JSON.stringify(iss.input)}: use a bundled theme's key or "custom".`,
    })
    .optional(),
  customTheme: linkThemeSchema.nullish(),
  socialLinksPosition: z.enum(['top', 'bottom']).optional(),
  title: z.string().trim().max(120).nullish(),
  description: z.string().trim().max(300).nullish(),
  extras: linkExtras.optional(),
  published: z.boolean().optional(),
});
export type LinksConfig = z.infer<typeof linksConfig>;

export const saveLinksBody = z.looseObject({
  ...tokenParams,
  ...targetParams,
  links: z.array(pageLink).max(100),
  linksConfig: linksConfig.optional(),
});

export const linkPageResponse = z.object({
  success: z.literal(true),
  username: z.string(),
  /** The public page, on this host. */
  pageUrl: z.string(),
  /** The same page on the domains of the brands the account is under (a brand's domain serves its own tree's pages). */
  brandPageUrls: z.array(z.string()),
  links: z.array(savedLink),
  linksConfig: z.record(z.string(), z.unknown()),
  socialLinks: z.array(z.object({ type: z.string(), url: z.string() })),
  socialLinksPosition: z.enum(['top', 'bottom']),
});
export type LinkPageResponse = z.infer<typeof linkPageResponse>;

export const linkStatsBody = z.looseObject({
  ...tokenParams,
  ...targetParams,
  from: epochMsParam.optional(),
  to: epochMsParam.optional(),
});

const count = z.number().int();
export const linkStatsResponse = z.object({
  success: z.literal(true),
  from: z.number(),
  to: z.number(),
  views: count,
  clicks: count,
  /** Clicks per view, 0 to 1 (0 with no views). */
  ctr: z.number(),
  links: z.array(z.object({ id: z.string(), title: z.string().nullable(), clicks: count, ctr: z.number() })),
  days: z.array(z.object({ day: z.string(), views: count, clicks: count })),
  referrers: z.array(z.object({ referrer: z.string(), count })),
  /** Views and clicks per visitor country (ISO 3166 alpha-2), where known; most views first. */
  countries: z.array(z.object({ country: z.string(), views: count, clicks: count })),
  /** Views and clicks of visits that carried UTM parameters, per source, medium and campaign; most views first. */
  campaigns: z.array(
    z.object({
      source: z.string().nullable(),
      medium: z.string().nullable(),
      campaign: z.string().nullable(),
      views: count,
      clicks: count,
    }),
  ),
});
export type LinkStats = z.infer<typeof linkStatsResponse>;

export const linktreeImportBody = z.looseObject({
  ...tokenParams,
  ...targetParams,
  linktreelink: z.string().trim().min(1, 'Please enter a Linktree address.').max(2000),
  filterExisting: z.boolean().default(false),
  /** Theme keys to match against (all bundled themes when left out). */
  themes: z.array(z.string().max(60)).max(50).optional(),
  matchTolerance: z.number().min(0).max(1).default(0.6),
});

export const linktreeImportResponse = z.object({
  success: z.literal(true),
  links: z.array(z.object({ title: z.string(), url: z.string(), thumbnail: z.string().nullable() })),
  socialLinks: z.array(z.object({ type: z.string(), url: z.string() })),
  picture: z.string().nullable(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  theme: z.string().nullable(),
  skipped: count,
});
export type LinktreeImport = z.infer<typeof linktreeImportResponse>;
