import type { IncomingHttpHeaders } from 'node:http';

/** The campaign a visit belongs to: its UTM parameters (each at most 100 characters), when any is set. */
export interface Campaign {
  source: string | null;
  medium: string | null;
  campaign: string | null;
}

/** What a page view or click records about its visitor (besides the time). */
export interface Visitor {
  userAgent: string | undefined;
  referrer: string | undefined;
  country: string | undefined;
  campaign: Campaign | null;
}

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** `utm_source`, `utm_medium`, `utm_campaign` of a query string or address; null when none is set. */
export function campaignOf(search: URLSearchParams): Campaign | null {
  const get = (k: string) =>
    search
      .get(k)
      ?.replace(/\p{Cc}/gu, '')
      .trim()
      .slice(0, 100) || null;
  const c = { source: get('utm_source'), medium: get('utm_medium'), campaign: get('utm_campaign') };
  return c.source || c.medium || c.campaign ? c : null;
}

/**
 * The visitor's country, offline: `CF-IPCountry` (set by Cloudflare) when the server is behind a trusted
 * proxy (TRUST_PROXY), else the region of the first language in `Accept-Language` that names one
 * (`en-GB` → GB): the browser's locale, which is where most visitors are, not a located address.
 */
export function countryOf(headers: IncomingHttpHeaders, trustProxy: boolean): string | undefined {
  const cf = trustProxy ? first(headers['cf-ipcountry']) : undefined;
  if (cf && /^[A-Za-z]{2}$/.test(cf) && cf.toUpperCase() !== 'XX') return cf.toUpperCase();
  const langs = first(headers['accept-language']);
  if (!langs) return undefined;
  for (const part of langs.slice(0, 200).split(',')) {
    const m = /^\s*[A-Za-z]{2,3}(?:-[A-Za-z]{4})?-([A-Za-z]{2})\s*(?:;|$)/.exec(part);
    if (m) return m[1]!.toUpperCase();
  }
  return undefined;
}

/**
 * The visitor of a page view (`ownPath` null) or a link click. A click's campaign is its own query's
 * UTM parameters, else those of the page it was clicked on: the browser sends the page's full address
 * as the referrer to the same site (Referrer-Policy strict-origin-when-cross-origin), so the cached page
 * needs no per-visit links.
 */
export function visitorOf(headers: IncomingHttpHeaders, query: string, trustProxy: boolean, pagePath?: string): Visitor {
  const referrer = first(headers.referer);
  let campaign = query ? campaignOf(new URLSearchParams(query)) : null;
  if (!campaign && pagePath && referrer) {
    try {
      const ref = new URL(referrer);
      if (ref.host === first(headers.host) && decodeURIComponent(ref.pathname).toLowerCase() === pagePath.toLowerCase())
        campaign = campaignOf(ref.searchParams);
    } catch {
      /* not an address */
    }
  }
  return { userAgent: first(headers['user-agent']), referrer, country: countryOf(headers, trustProxy), campaign };
}
