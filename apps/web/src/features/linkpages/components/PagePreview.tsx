import { colorUpEnd, findLinkTheme, type LinkTheme, type LinksConfig, type SavedLink } from '@switchboard/core';
import type { CSSProperties } from 'react';

const SLUG: Record<string, string> = { Inter: 'inter', 'Space Mono': 'space-mono', Lato: 'lato' };

/** The theme a draft shows (its custom theme, a bundled one, or the default). */
export function draftTheme(config: LinksConfig): LinkTheme {
  if (config.theme === 'custom' && config.customTheme) return config.customTheme as LinkTheme;
  return findLinkTheme(config.theme) ?? findLinkTheme('Air Snow')!;
}

function buttonStyle(t: LinkTheme): CSSProperties {
  const b = t.buttonStyle;
  if (b.type === 'OUTLINE_CIRCULAR')
    return { background: 'transparent', border: `2px solid ${b.shadow}`, borderRadius: 999, color: b.text };
  const base = { background: b.background, border: `2px solid ${b.background}`, borderRadius: 14, color: b.text };
  return b.type === 'SOFTSHADOW_ROUNDED' ? { ...base, boxShadow: `0 4px 14px ${b.shadow}` } : base;
}

/** A phone-sized live preview of the page as the server renders it (same theme rules, this host's fonts). */
export function PagePreview({
  name,
  image,
  links,
  config,
  socials,
}: {
  name: string;
  image: string | null;
  links: SavedLink[];
  config: LinksConfig;
  socials: { type: string; url: string }[];
}) {
  const t = draftTheme(config);
  const bg = t.background;
  const background =
    bg.type === 'IMAGE' && bg.imageUrl
      ? `${bg.color} url("${encodeURI(bg.imageUrl)}") center/cover`
      : bg.style === 'COLORUP'
        ? `linear-gradient(180deg,${bg.color},${colorUpEnd(bg.color, t.luminance)})`
        : bg.color;
  const now = Date.now();
  const shown = links.filter(
    (l) => l.enabled && (l.visibleFrom == null || l.visibleFrom <= now) && (l.visibleUntil == null || now < l.visibleUntil),
  );
  const ex = config.extras ?? {};
  const extras = [
    ex.talkToAgent?.enabled && 'Talk to our AI agent',
    ex.textUs?.enabled && 'Text us',
    ex.booking?.enabled && 'Book a meeting',
    ex.pay?.enabled && 'Pay',
  ].filter(Boolean) as string[];
  const slug = SLUG[t.typeface.family] ?? 'inter';
  const social = socials.length > 0 && (
    <p className="flex flex-wrap justify-center gap-3 text-sm font-bold underline" style={{ color: t.socialStyle.color }}>
      {socials.map((s) => (
        <span key={s.url}>{s.type}</span>
      ))}
    </p>
  );
  const position = config.socialLinksPosition ?? 'bottom';
  return (
    <figure className="mx-auto w-[300px] shrink-0" aria-label="Preview of the public page">
      <style>
        {[400, 700]
          .map(
            (w) =>
              `@font-face{font-family:"${t.typeface.family}";font-weight:${w};font-display:swap;src:url(/p/fonts/${slug}-latin-${w}-normal.woff2) format("woff2")}`,
          )
          .join('')}
      </style>
      <div
        className="h-[600px] overflow-y-auto rounded-[2.5rem] border-[10px] border-slate-900 shadow-xl"
        data-testid="page-preview"
        data-theme={t.key}
      >
        <div
          className="flex min-h-full flex-col items-center gap-3 px-4 py-8"
          style={{ background, color: t.typeface.color, fontFamily: `"${t.typeface.family}", system-ui, sans-serif` }}
        >
          {image ? (
            <img src={image} alt="" className="size-20 rounded-full object-cover" />
          ) : (
            <div
              className="grid size-20 place-items-center rounded-full text-2xl font-bold"
              style={{ background: t.buttonStyle.background, color: t.buttonStyle.text }}
              aria-hidden="true"
            >
              {name.slice(0, 1).toUpperCase()}
            </div>
          )}
          <p className="text-center text-lg font-bold">{config.title || name}</p>
          {config.description && <p className="text-center text-sm">{config.description}</p>}
          {position === 'top' && social}
          {[...shown.map((l) => l.title || 'Untitled link'), ...extras].map((title, i) => (
            <div
              key={i}
              className="flex min-h-12 w-full items-center justify-center px-3 py-2 text-center text-sm font-bold"
              style={buttonStyle(t)}
            >
              {title}
            </div>
          ))}
          {shown.length + extras.length === 0 && <p className="text-sm">No links yet.</p>}
          {position === 'bottom' && social}
        </div>
      </div>
      <figcaption className="mt-2 text-center text-xs text-slate-600">Live preview</figcaption>
    </figure>
  );
}
