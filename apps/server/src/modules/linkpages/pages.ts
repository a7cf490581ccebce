import { colorUpEnd, type LinkFont, type LinkTheme } from '@switchboard/core';

/**
 * The public link page (/p/{username}): one server-rendered HTML document with its styles inline, no
 * script, fonts from this host (/p/fonts/...). Readable without JavaScript, and small.
 */
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The woff2 files served for each family (from @fontsource, bundled with the server). */
export const FONT_FILES: Record<LinkFont, { slug: string; weights: number[] }> = {
  Inter: { slug: 'inter', weights: [400, 700] },
  'Space Mono': { slug: 'space-mono', weights: [400, 700] },
  Lato: { slug: 'lato', weights: [400, 700] },
};

const FALLBACK: Record<LinkFont, string> = {
  Inter: 'system-ui,-apple-system,"Segoe UI",Roboto,sans-serif',
  'Space Mono': 'ui-monospace,Menlo,Consolas,monospace',
  Lato: 'system-ui,-apple-system,"Segoe UI",Roboto,sans-serif',
};

export function fontFaceCss(family: LinkFont): string {
  const f = FONT_FILES[family];
  return f.weights
    .map(
      (w) =>
        `@font-face{font-family:"${family}";font-style:normal;font-weight:${w};font-display:swap;src:url(/p/fonts/${f.slug}-latin-${w}-normal.woff2) format("woff2")}`,
    )
    .join('');
}

export interface PageModel {
  username: string;
  displayName: string;
  title: string;
  description: string;
  image: string | null;
  canonicalUrl: string;
  theme: LinkTheme;
  links: { href: string; title: string; thumbnail: string | null }[];
  socials: { type: string; url: string }[];
  socialPosition: 'top' | 'bottom';
  extras: { key: string; label: string; href: string }[];
}

function themeCss(t: LinkTheme): string {
  const bg = t.background;
  const background =
    bg.type === 'IMAGE' && bg.imageUrl
      ? `${bg.color} url("${encodeURI(bg.imageUrl)}") center/cover fixed`
      : bg.style === 'COLORUP'
        ? `linear-gradient(180deg,${bg.color},${colorUpEnd(bg.color, t.luminance)}) fixed ${bg.color}`
        : bg.color;
  const b = t.buttonStyle;
  const button =
    b.type === 'OUTLINE_CIRCULAR'
      ? `background:transparent;border:2px solid ${b.shadow};border-radius:999px`
      : b.type === 'SOFTSHADOW_ROUNDED'
        ? `background:${b.background};border:2px solid ${b.background};border-radius:14px;box-shadow:0 4px 14px ${b.shadow}`
        : `background:${b.background};border:2px solid ${b.background};border-radius:14px`;
  const panel = bg.type === 'IMAGE' ? `.page{background:${bg.color}e6;border-radius:20px}` : '';
  return `${fontFaceCss(t.typeface.family)}
*{box-sizing:border-box}html{background:${background};min-height:100%}
body{margin:0;min-height:100vh;color:${t.typeface.color};font:16px/1.5 "${t.typeface.family}",${FALLBACK[t.typeface.family]}}
.page{max-width:580px;margin:0 auto;padding:40px 20px 32px;display:flex;flex-direction:column;align-items:center;gap:16px}${panel}
.avatar{width:96px;height:96px;border-radius:50%;object-fit:cover;background:${b.background}}
.initials{display:grid;place-items:center;font-size:32px;font-weight:700;color:${b.text}}
h1{font-size:20px;margin:4px 0 0;text-align:center;overflow-wrap:anywhere}.about{margin:0;text-align:center;max-width:440px;overflow-wrap:anywhere}
ul{list-style:none;margin:0;padding:0;width:100%;display:flex;flex-direction:column;gap:14px}
.btn{display:flex;align-items:center;gap:12px;min-height:56px;padding:8px 16px;color:${b.text};text-decoration:none;font-weight:700;${button}}
.btn span{flex:1;text-align:center;overflow-wrap:anywhere}.btn img{width:40px;height:40px;border-radius:8px;object-fit:cover}
.btn:hover{transform:scale(1.02)}.btn:focus-visible,.social a:focus-visible{outline:3px solid ${t.typeface.color};outline-offset:3px}
.social{display:flex;flex-wrap:wrap;justify-content:center;gap:8px 16px;margin:0;padding:0;list-style:none;width:auto}
.social a{color:${t.socialStyle.color};font-weight:700;text-decoration:underline;text-underline-offset:3px}
footer{margin-top:24px;font-size:13px}footer a{color:${t.typeface.color}}
@media (prefers-reduced-motion:reduce){.btn:hover{transform:none}}`;
}

function initialsOf(name: string): string {
  const words = name.split(/\s+/).filter(Boolean);
  return (
    words
      .map((w) => w[0]!.toUpperCase())
      .filter((_, i, a) => i === 0 || i === a.length - 1)
      .join('') || '?'
  );
}

export function linkPage(m: PageModel): string {
  const absImage = m.image ? (m.image.startsWith('/') ? new URL(m.image, m.canonicalUrl).toString() : m.image) : null;
  const socials = m.socials.length
    ? `<ul class="social" aria-label="Social links">${m.socials.map((s) => `<li><a href="${esc(s.url)}" rel="me noopener">${esc(s.type)}</a></li>`).join('')}</ul>`
    : '';
  const button = (href: string, title: string, thumb: string | null, attrs = '') =>
    `<li><a class="btn" href="${esc(href)}"${attrs}>${thumb ? `<img src="${esc(thumb)}" alt="" width="40" height="40">` : ''}<span>${esc(title)}</span></a></li>`;
  const links = m.links.map((l) => button(l.href, l.title, l.thumbnail)).join('');
  const extras = m.extras.map((e) => button(e.href, e.label, null, ` data-extra="${esc(e.key)}"`)).join('');
  const empty = !links && !extras ? `<p class="about">No links yet.</p>` : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(m.title)}</title><meta name="description" content="${esc(m.description)}">
<link rel="canonical" href="${esc(m.canonicalUrl)}">
<meta property="og:type" content="profile"><meta property="og:title" content="${esc(m.title)}"><meta property="og:description" content="${esc(m.description)}">
<meta property="og:url" content="${esc(m.canonicalUrl)}">${absImage ? `<meta property="og:image" content="${esc(absImage)}">` : ''}
<meta name="twitter:card" content="summary"><meta name="twitter:title" content="${esc(m.title)}"><meta name="twitter:description" content="${esc(m.description)}">
<meta name="theme-color" content="${m.theme.background.color}">
<style>${themeCss(m.theme)}</style></head>
<body><main class="page" data-theme="${esc(m.theme.key)}">
${m.image ? `<img class="avatar" src="${esc(m.image)}" alt="" width="96" height="96">` : `<div class="avatar initials" aria-hidden="true">${esc(initialsOf(m.displayName))}</div>`}
<h1>${esc(m.displayName)}</h1>${m.description ? `<p class="about">${esc(m.description)}</p>` : ''}
${m.socialPosition === 'top' ? socials : ''}
${links || extras ? `<ul aria-label="Links">${links}${extras}</ul>` : empty}
${m.socialPosition === 'bottom' ? socials : ''}
</main></body></html>`;
}

export function linkPageNotFound(username: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Page not found</title><meta name="robots" content="noindex"><style>body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#0f172a;background:#f8fafc}main{max-width:440px;margin:15vh auto;padding:0 20px;text-align:center}a{color:#4338ca;font-weight:600}</style></head>
<body><main><h1>No page at “${esc(username)}”</h1><p>The address may be mistyped, or the page is not published.</p><p><a href="/">Go to the home page</a></p></main></body></html>`;
}
