/** A built public page: its HTML and what the click redirect needs, kept until it expires or is saved again. */
export interface CachedPage {
  accountId: number;
  html: string;
  /** The HTML as bytes, for the raw fast path (see fastPath.ts). */
  body: Buffer;
  etag: string;
  /** Link id → address, for the links shown now. */
  links: Map<string, string>;
  expiresAt: number;
}

/** Pages are rebuilt at most once a minute, and sooner when a scheduled link appears or disappears. */
export const PAGE_TTL_MS = 60_000;
const MAX_PAGES = 5_000;

/**
 * The public pages in memory, by lower-case username and then by the brand domain they are shown on
 * ('' for the product's own host); `invalidate` on save drops every domain's copy.
 */
export function createPageCache(now: () => number = Date.now) {
  const pages = new Map<string, Map<string, CachedPage>>();
  return {
    get(username: string, brand = ''): CachedPage | undefined {
      const key = username.toLowerCase();
      const byBrand = pages.get(key);
      const page = byBrand?.get(brand);
      if (page && page.expiresAt > now()) return page;
      if (page) byBrand!.delete(brand);
      return undefined;
    },
    set(username: string, page: CachedPage, brand = ''): void {
      const key = username.toLowerCase();
      let byBrand = pages.get(key);
      if (!byBrand) {
        // Oldest first out when full (a Map keeps insertion order).
        if (pages.size >= MAX_PAGES) pages.delete(pages.keys().next().value!);
        pages.set(key, (byBrand = new Map()));
      }
      byBrand.set(brand, page);
    },
    invalidate(username: string): void {
      pages.delete(username.toLowerCase());
    },
    size: () => pages.size,
  };
}

export type PageCache = ReturnType<typeof createPageCache>;

/** A brand's domain as the public pages need it: the domain and the account whose tree it serves. */
export interface BrandHost {
  domain: string;
  accountId: number;
}

/**
 * Which Host names are brand domains, remembered for a minute (null: not a brand's, the product's own);
 * `peek` answers from memory only, for the fast path.
 */
export function createBrandHosts(lookup: (host: string) => Promise<BrandHost | null>, now: () => number = Date.now) {
  const hosts = new Map<string, { brand: BrandHost | null; until: number }>();
  return {
    peek(host: string): BrandHost | null | undefined {
      const hit = hosts.get(host);
      return hit && hit.until > now() ? hit.brand : undefined;
    },
    async get(host: string): Promise<BrandHost | null> {
      const known = this.peek(host);
      if (known !== undefined) return known;
      const brand = await lookup(host);
      if (hosts.size >= 1_000) hosts.delete(hosts.keys().next().value!);
      hosts.set(host, { brand, until: now() + PAGE_TTL_MS });
      return brand;
    },
    clear: () => hosts.clear(),
  };
}
