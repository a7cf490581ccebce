/** A built public page: its HTML and what the click redirect needs, kept until it expires or is saved again. */
export interface CachedPage {
  accountId: number;
  html: string;
  etag: string;
  /** Link id → address, for the links shown now. */
  links: Map<string, string>;
  expiresAt: number;
}

/** Pages are rebuilt at most once a minute, and sooner when a scheduled link appears or disappears. */
export const PAGE_TTL_MS = 60_000;
const MAX_PAGES = 5_000;

/** The public pages in memory, by lower-case username; `invalidate` on save. */
export function createPageCache(now: () => number = Date.now) {
  const pages = new Map<string, CachedPage>();
  return {
    get(username: string): CachedPage | undefined {
      const key = username.toLowerCase();
      const page = pages.get(key);
      if (page && page.expiresAt > now()) return page;
      if (page) pages.delete(key);
      return undefined;
    },
    set(username: string, page: CachedPage): void {
      // Oldest first out when full (a Map keeps insertion order).
      if (pages.size >= MAX_PAGES) pages.delete(pages.keys().next().value!);
      pages.set(username.toLowerCase(), page);
    },
    invalidate(username: string): void {
      pages.delete(username.toLowerCase());
    },
    size: () => pages.size,
  };
}
