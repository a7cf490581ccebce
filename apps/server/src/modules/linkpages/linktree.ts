import { colorDistance, LINK_THEMES, safePublicUrl, type LinkTheme, type LinktreeImport } from '@switchboard/core';
import { z } from 'zod';
import { AppError, badRequest } from '../../platform/http/errors.ts';

/**
 * Reading a Linktree page: Linktree is a Next.js site, so each profile page carries its data as JSON in
 * `<script id="__NEXT_DATA__" type="application/json">`, under `props.pageProps.account` (links may
 * also sit at `props.pageProps.links`). Only the fields imported are read; when they are not where
 * they should be, the page has changed shape and nothing is imported.
 */
const color = z.string().regex(/^#[0-9a-fA-F]{6}$/);
const nextLink = z.object({
  title: z.string().nullish(),
  url: z.string().nullish(),
  thumbnail: z.string().nullish(),
  position: z.number().nullish(),
});
const nextSocial = z.object({ type: z.string(), url: z.string() });
const nextTheme = z
  .object({
    key: z.string().nullish(),
    background: z.object({ color: color.nullish() }).nullish(),
    buttonStyle: z
      .object({
        backgroundStyle: z.object({ color: color.nullish() }).nullish(),
        textStyle: z.object({ color: color.nullish() }).nullish(),
      })
      .nullish(),
    typeface: z.object({ color: color.nullish() }).nullish(),
  })
  .nullish();
const nextData = z.object({
  props: z.object({
    pageProps: z.object({
      account: z.object({
        username: z.string(),
        pageTitle: z.string().nullish(),
        description: z.string().nullish(),
        profilePictureUrl: z.string().nullish(),
        links: z.array(nextLink).nullish(),
        socialLinks: z.array(nextSocial).nullish(),
        theme: nextTheme,
      }),
      links: z.array(nextLink).nullish(),
    }),
  }),
});

const changedShape = (why: string) =>
  new AppError(
    'rule_broken',
    `linktreelink: this page is not in the shape a Linktree page has (${why}); nothing was imported.`,
    'linktreelink',
  );

/** The closest theme to the page's colours and how alike they are (1 = the same colours). */
export function matchTheme(theme: z.infer<typeof nextTheme>, candidates: LinkTheme[]): { theme: LinkTheme; similarity: number } | null {
  const bundled = theme?.key ? candidates.find((t) => t.key === theme.key) : undefined;
  if (bundled) return { theme: bundled, similarity: 1 };
  const page = [
    theme?.background?.color,
    theme?.buttonStyle?.backgroundStyle?.color,
    theme?.buttonStyle?.textStyle?.color ?? theme?.typeface?.color,
  ];
  if (!page[0]) return null;
  let best: { theme: LinkTheme; similarity: number } | null = null;
  for (const t of candidates) {
    const ours = [t.background.color, t.buttonStyle.background, t.buttonStyle.text];
    // The worst of the colours compared decides: a theme is only as alike as its least alike colour.
    const distance = Math.max(...page.map((c, i) => (c ? colorDistance(c, ours[i]!) : 0)));
    if (!best || 1 - distance > best.similarity) best = { theme: t, similarity: 1 - distance };
  }
  return best;
}

/** The import of one Linktree page's HTML (see `getLinktreeData`). */
export function readLinktree(
  html: string,
  opts: { existingUrls: string[]; filterExisting: boolean; themes?: string[]; matchTolerance: number },
): LinktreeImport {
  const m = /<script[^>]*id="__NEXT_DATA__"[^>]*>([\s\S]*?)<\/script>/.exec(html);
  if (!m) throw changedShape('no __NEXT_DATA__ block');
  let json: unknown;
  try {
    json = JSON.parse(m[1]!);
  } catch {
    throw changedShape('its data is not JSON');
  }
  const parsed = nextData.safeParse(json);
  if (!parsed.success) throw changedShape(`${parsed.error.issues[0]!.path.join('.')} is missing or changed`);
  const { account, links: topLinks } = parsed.data.props.pageProps;
  const existing = new Set(opts.existingUrls.map((u) => safePublicUrl(u)));
  let skipped = 0;
  const links: LinktreeImport['links'] = [];
  const raw = [...(account.links ?? topLinks ?? [])].sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
  for (const l of raw) {
    const url = l.url ? safePublicUrl(l.url) : null;
    // Headers, locked links and anything that is not a plain web, mail or phone link are left out.
    if (!url || !l.title?.trim()) continue;
    if (opts.filterExisting && existing.has(url)) {
      skipped++;
      continue;
    }
    links.push({
      title: l.title.trim().slice(0, 120),
      url,
      thumbnail: l.thumbnail && /^https:\/\//.test(l.thumbnail) ? l.thumbnail : null,
    });
  }
  const socialLinks = (account.socialLinks ?? []).flatMap((s) => {
    const url = safePublicUrl(s.url);
    return url ? [{ type: s.type.toLowerCase().slice(0, 40), url }] : [];
  });
  const candidates = opts.themes?.length ? LINK_THEMES.filter((t) => opts.themes!.includes(t.key)) : LINK_THEMES;
  if (opts.themes?.length && candidates.length === 0) throw badRequest('themes: none of these is a bundled theme.', 'themes');
  const match = matchTheme(account.theme, candidates);
  const picture = account.profilePictureUrl && /^https:\/\//.test(account.profilePictureUrl) ? account.profilePictureUrl : null;
  return {
    success: true,
    links,
    socialLinks,
    picture,
    title: account.pageTitle?.trim() || null,
    description: account.description?.trim() || null,
    theme: match && match.similarity >= opts.matchTolerance ? match.theme.key : null,
    skipped,
  };
}
