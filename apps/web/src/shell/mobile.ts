import { USER_AGENT_MAX_LENGTH } from '@switchboard/core/constants';

/**
 * Mobile wrapper detection (spec §2 "Query parameters"): `mobileApp=true`, `genericBrand=true`,
 * `platform` (iOS or Android) and `appVersion`. Values seen once are kept for the browser session, so
 * later navigations without the parameters still know they run inside the app.
 */
export interface MobileContext {
  mobileApp: boolean;
  genericBrand: boolean;
  platform: 'iOS' | 'Android' | null;
  appVersion: string | null;
}

export const MOBILE_SESSION_KEY = 'mobileContext';

export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

const EMPTY: MobileContext = { mobileApp: false, genericBrand: false, platform: null, appVersion: null };

function normalisePlatform(v: string | null): MobileContext['platform'] {
  if (!v) return null;
  const s = v.toLowerCase();
  if (s === 'ios') return 'iOS';
  if (s === 'android') return 'Android';
  return null;
}

/** Reads the mobile context from a query string, merged over what the session already holds. */
export function detectMobile(search: string | URLSearchParams, store?: KeyValueStore | null): MobileContext {
  const q = typeof search === 'string' ? new URLSearchParams(search) : search;
  let saved: MobileContext = EMPTY;
  const raw = store?.getItem(MOBILE_SESSION_KEY);
  if (raw) {
    try {
      saved = { ...EMPTY, ...(JSON.parse(raw) as Partial<MobileContext>) };
    } catch {
      saved = EMPTY;
    }
  }
  const next: MobileContext = {
    mobileApp: q.has('mobileApp') ? q.get('mobileApp') === 'true' : saved.mobileApp,
    genericBrand: q.has('genericBrand') ? q.get('genericBrand') === 'true' : saved.genericBrand,
    platform: q.has('platform') ? normalisePlatform(q.get('platform')) : saved.platform,
    appVersion: q.has('appVersion') ? q.get('appVersion') || null : saved.appVersion,
  };
  if (store && (q.has('mobileApp') || q.has('genericBrand') || q.has('platform') || q.has('appVersion'))) {
    store.setItem(MOBILE_SESSION_KEY, JSON.stringify(next));
  }
  return next;
}

/** Platform to offer on /install: the wrapper's own, else guessed from the user agent. */
export function platformFromUserAgent(ua: string): 'iOS' | 'Android' | null {
  if (/android/i.test(ua)) return 'Android';
  if (/iphone|ipad|ipod/i.test(ua) || (/macintosh/i.test(ua) && /mobile/i.test(ua))) return 'iOS';
  return null;
}

function browserSession(): KeyValueStore | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

let current: MobileContext | null = null;

/** The page's mobile context (read from location on first use and whenever `refreshMobile` runs). */
export function mobileContext(): MobileContext {
  if (!current) current = typeof location === 'undefined' ? EMPTY : detectMobile(location.search, browserSession());
  return current;
}

export function refreshMobile(search: string): MobileContext {
  current = detectMobile(search, browserSession());
  return current;
}

export function isMobileSession(): boolean {
  return mobileContext().mobileApp;
}

/** User agent strings are cut at 500 characters (spec §9) wherever the app shows or sends them. */
export function truncateUserAgent(ua: string, max = USER_AGENT_MAX_LENGTH): string {
  return ua.length > max ? ua.slice(0, max) : ua;
}

export function userAgent(): string {
  return typeof navigator === 'undefined' ? '' : truncateUserAgent(navigator.userAgent);
}
