import crypto from 'node:crypto';
import {
  findLinkTheme,
  linkThemeSchema,
  safePublicUrl,
  type LinkStats,
  type LinkTheme,
  type LinksConfig,
  type PageLinkInput,
  type SavedLink,
} from '@switchboard/core';
import { fromJson } from '../../platform/db/columns.ts';
import type { Deps } from '../../deps.ts';
import { AppError, badRequest } from '../../platform/http/errors.ts';
import { updateAccount, type AccountRow } from '../accounts/index.ts';
import type { AuthContext } from '../auth/index.ts';
import { brandDomainsOf, findBrandDomain } from '../brands/index.ts';
import { createBrandHosts, createPageCache } from './cache.ts';
import type { Recorder } from './recorder.ts';
import { FetchPageError, fetchPage } from './fetchPage.ts';
import { readLinktree } from './linktree.ts';
import { linkEventsRepository } from './repository.ts';

const DAY = 24 * 60 * 60 * 1000;

/** Stored links, in page order, with every field set (rows written before a field existed get defaults). */
export function storedLinks(row: Pick<AccountRow, 'links'>): SavedLink[] {
  const raw = fromJson<Partial<SavedLink>[]>(row.links, []);
  return raw
    .filter(
      (l): l is Partial<SavedLink> & { id: string; title: string; url: string } => typeof l?.id === 'string' && typeof l.url === 'string',
    )
    .map((l, i) => ({
      id: l.id,
      title: l.title ?? '',
      url: l.url,
      thumbnail: l.thumbnail ?? null,
      enabled: l.enabled !== false,
      visibleFrom: l.visibleFrom ?? null,
      visibleUntil: l.visibleUntil ?? null,
      order: i,
    }));
}

export function storedConfig(row: Pick<AccountRow, 'links_config'>): LinksConfig {
  return fromJson<LinksConfig>(row.links_config, {});
}

/** The theme a page shows: its custom theme, its bundled theme, or the default. */
export function themeOf(config: LinksConfig): LinkTheme {
  if (config.theme === 'custom' && config.customTheme) return config.customTheme as LinkTheme;
  return findLinkTheme(config.theme) ?? findLinkTheme('Air Snow')!;
}

const newLinkId = () => crypto.randomBytes(6).toString('base64url');

function normalizeLinks(input: PageLinkInput[]): SavedLink[] {
  const seen = new Set<string>();
  const withIndex = input.map((l, i) => ({ l, i }));
  withIndex.sort((a, b) => (a.l.order ?? a.i) - (b.l.order ?? b.i) || a.i - b.i);
  return withIndex.map(({ l, i }, order) => {
    const id = l.id ?? newLinkId();
    if (seen.has(id)) throw badRequest(`links.${i}.id: two links have the id "${id}".`, `links.${i}.id`);
    seen.add(id);
    const url = safePublicUrl(l.url);
    if (!url) throw badRequest(`links.${i}.url: only http, https, mailto and tel links are allowed.`, `links.${i}.url`);
    const from = l.visibleFrom ?? null;
    const until = l.visibleUntil ?? null;
    if (from != null && until != null && until <= from) {
      throw badRequest(`links.${i}.visibleUntil: must be after visibleFrom.`, `links.${i}.visibleUntil`);
    }
    return {
      id,
      title: l.title.trim(),
      url,
      thumbnail: l.thumbnail ?? null,
      enabled: l.enabled !== false,
      visibleFrom: from,
      visibleUntil: until,
      order,
    };
  });
}

function checkConfig(config: LinksConfig): void {
  if (config.theme === 'custom') {
    if (!config.customTheme) throw badRequest('linksConfig.customTheme: a custom theme needs its colours.', 'linksConfig.customTheme');
    linkThemeSchema.parse(config.customTheme);
  } else if (config.theme != null && !findLinkTheme(config.theme)) {
    throw badRequest(`linksConfig.theme: there is no theme "${config.theme}".`, 'linksConfig.theme');
  }
  const pay = config.extras?.pay;
  if (pay?.enabled && !pay.url) throw badRequest('linksConfig.extras.pay.url: the pay button needs a link.', 'linksConfig.extras.pay.url');
}

/** Rows of (key…, kind, n) summed into one entry per key with views and clicks, most views first (at most 50). */
function sumViewsClicks<R extends { kind: string; n: string | number }, E extends object>(
  rows: R[],
  keyOf: (r: R) => string,
  entryOf: (r: R) => E,
): (E & { views: number; clicks: number })[] {
  const out = new Map<string, E & { views: number; clicks: number }>();
  for (const r of rows) {
    const key = keyOf(r);
    const e = out.get(key) ?? { ...entryOf(r), views: 0, clicks: 0 };
    if (r.kind === 'view') e.views += Number(r.n);
    else e.clicks += Number(r.n);
    out.set(key, e);
  }
  return [...out.values()].sort((a, b) => b.views - a.views || b.clicks - a.clicks).slice(0, 50);
}

export function createLinkpagesService(deps: Deps, recorder: Recorder) {
  const { db, config } = deps;
  const cache = createPageCache();
  // A name with a dot and a letter-led last label may be a brand's domain; addresses and bare names are not.
  const brandHosts = createBrandHosts(async (host) => {
    if (!/\.[a-z][a-z0-9-]*$/.test(host)) return null;
    const row = await findBrandDomain(db, host);
    return row ? { domain: row.domain, accountId: row.account_id } : null;
  });

  async function view(row: AccountRow) {
    const chain = [row.id, row.organization_id, row.reseller_id, row.partner_id].filter((id): id is number => id != null);
    const brands = await brandDomainsOf(db, chain);
    return {
      success: true as const,
      username: row.username,
      pageUrl: `${config.publicUrl}/p/${row.username}`,
      brandPageUrls: brands.map((b) => `https://${b.domain}/p/${row.username}`),
      links: storedLinks(row),
      linksConfig: storedConfig(row) as Record<string, unknown>,
      socialLinks: fromJson<{ type: string; url: string }[]>(row.social_links, []),
      socialLinksPosition: row.social_links_position === 'top' ? ('top' as const) : ('bottom' as const),
    };
  }

  return {
    cache,
    brandHosts,
    recorder,

    async get(ctx: AuthContext) {
      await deps.requireAccess(ctx, 'canViewOrg');
      return await view(ctx.acting);
    },

    /** Replaces the links and (when given) the page settings; the public page shows them at once. */
    async save(ctx: AuthContext, input: { links: PageLinkInput[]; linksConfig?: LinksConfig }) {
      await deps.requireAccess(ctx, 'canEditOrg');
      const links = normalizeLinks(input.links);
      const values: Partial<AccountRow> = { links };
      if (input.linksConfig) {
        checkConfig(input.linksConfig);
        values.links_config = input.linksConfig;
        if (input.linksConfig.socialLinksPosition) values.social_links_position = input.linksConfig.socialLinksPosition;
      }
      const row = await updateAccount(db, ctx.acting.id, values);
      cache.invalidate(row.username);
      return await view(row);
    },

    /**
     * Reads a Linktree page (`linktreelink`: its address, or just the Linktree username) and answers what
     * to import: links (those already on this page left out with `filterExisting`), social links, picture,
     * and the closest bundled theme when at least `matchTolerance` alike. Nothing is saved here.
     */
    async importLinktree(
      ctx: AuthContext,
      input: { linktreelink: string; filterExisting: boolean; themes?: string[]; matchTolerance: number },
    ) {
      await deps.requireAccess(ctx, 'canEditOrg');
      const raw = input.linktreelink.trim();
      const address = /^[A-Za-z0-9._-]+$/.test(raw) ? `https://linktr.ee/${raw}` : raw;
      let url: URL;
      try {
        url = new URL(address);
      } catch {
        throw badRequest('linktreelink: enter a Linktree address such as https://linktr.ee/yourname.', 'linktreelink');
      }
      if (url.protocol !== 'https:' && url.protocol !== 'http:')
        throw badRequest('linktreelink: the address must start with https://', 'linktreelink');
      let page: { status: number; body: string };
      try {
        page = await fetchPage(url.toString(), { allowHosts: config.WEBHOOK_ALLOW_HOSTS });
      } catch (e) {
        if (e instanceof FetchPageError) throw new AppError('rule_broken', `linktreelink: ${e.message}`, 'linktreelink');
        throw e;
      }
      if (page.status === 404) throw badRequest('linktreelink: there is no Linktree page at this address.', 'linktreelink');
      if (page.status !== 200)
        throw new AppError('rule_broken', `linktreelink: the page answered ${page.status}; nothing was imported.`, 'linktreelink');
      return readLinktree(page.body, { ...input, existingUrls: storedLinks(ctx.acting).map((l) => l.url) });
    },

    /** Views, clicks and click-through rate, per link and per UTC day, for [from, to) (default: the last 30 days). */
    async stats(ctx: AuthContext, range: { from?: number; to?: number }): Promise<LinkStats> {
      await deps.requireAccess(ctx, 'canViewOrg');
      // The range is [from, to): by default it ends just after now, so a hit recorded in this very
      // millisecond (flushed just below) is counted.
      const to = range.to ?? Date.now() + 1;
      const from = range.from ?? to - 30 * DAY;
      if (from >= to) throw badRequest('from: must be before to.', 'from');
      await recorder.flush();
      const id = ctx.acting.id;
      const [days, perLink, referrers, countries, campaigns] = await Promise.all([
        linkEventsRepository.perDay(db, id, from, to),
        linkEventsRepository.perLink(db, id, from, to),
        linkEventsRepository.referrers(db, id, from, to),
        linkEventsRepository.countries(db, id, from, to),
        linkEventsRepository.campaigns(db, id, from, to),
      ]);
      const byDay = new Map<string, { day: string; views: number; clicks: number }>();
      for (const r of days) {
        const d = byDay.get(r.day) ?? { day: r.day, views: 0, clicks: 0 };
        if (r.kind === 'view') d.views += Number(r.n);
        else d.clicks += Number(r.n);
        byDay.set(r.day, d);
      }
      const views = [...byDay.values()].reduce((s, d) => s + d.views, 0);
      const clicks = [...byDay.values()].reduce((s, d) => s + d.clicks, 0);
      const ctr = (n: number) => (views > 0 ? Math.round((n / views) * 10_000) / 10_000 : 0);
      const titles = new Map(storedLinks(ctx.acting).map((l) => [l.id, l.title]));
      const links = perLink
        .map((r) => ({ id: r.link_id ?? '', title: titles.get(r.link_id ?? '') ?? null, clicks: Number(r.n), ctr: ctr(Number(r.n)) }))
        .sort((a, b) => b.clicks - a.clicks);
      // Links nobody clicked yet are listed too, with 0.
      for (const [linkId, title] of titles) if (!links.some((l) => l.id === linkId)) links.push({ id: linkId, title, clicks: 0, ctr: 0 });
      return {
        success: true,
        from,
        to,
        views,
        clicks,
        ctr: ctr(clicks),
        links,
        days: [...byDay.values()],
        referrers: referrers.map((r) => ({ referrer: r.referrer ?? '', count: Number(r.n) })),
        countries: sumViewsClicks(
          countries,
          (r) => r.country ?? '',
          (r) => ({ country: r.country ?? '' }),
        ),
        campaigns: sumViewsClicks(
          campaigns,
          (r) => JSON.stringify([r.utm_source, r.utm_medium, r.utm_campaign]),
          (r) => ({ source: r.utm_source, medium: r.utm_medium, campaign: r.utm_campaign }),
        ),
      };
    },
  };
}

export type LinkpagesService = ReturnType<typeof createLinkpagesService>;
