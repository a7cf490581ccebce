import { appPathTarget, parseAppPath, type AppPathResult } from '@switchboard/core/rules/appPath';
import { useLocation } from 'react-router';
import { useAccount } from './hooks.ts';

/** Sets the account later calls act for (the app shell sets it from the address). */
export { setActingAccount } from './client.ts';

/**
 * The acting account comes from the address: `/app/<account path>[/<section>]`, e.g.
 * `/app/reseller/12/org/345/inbox`. The section segment (one of the shell's section ids) is split off
 * before the account path is parsed (spec §2 path segments stay exactly as they were); `/inbox` is the
 * inbox of the signed-in account.
 */
export interface AppLocation {
  /** The parsed account path (ok with an empty path: the signed-in account). */
  parsed: AppPathResult;
  /** The section the address opens ('' for Home). */
  section: string;
}

/** Section ids are lower-case words that are not account path segments (partner, reseller, org, agent). */
const SECTION_RE = /^[a-z][a-z-]*$/;
const ACCOUNT_SEGMENTS = new Set(['partner', 'reseller', 'org', 'agent']);

/** Splits `/app/...` (or the splat after /app/) into account path and section. */
export function appLocation(pathname: string): AppLocation {
  if (pathname === '/inbox' || pathname.startsWith('/inbox/')) return { parsed: { ok: true, path: [] }, section: 'inbox' };
  const rest = pathname.startsWith('/app') ? pathname.slice(4) : pathname;
  const parts = rest.split('/').filter((p) => p !== '');
  // An odd number of segments whose last one is a word: that word names the section.
  let section = '';
  const last = parts[parts.length - 1];
  if (parts.length % 2 === 1 && last && SECTION_RE.test(last) && !ACCOUNT_SEGMENTS.has(last)) {
    section = last;
    parts.pop();
  }
  return { parsed: parseAppPath(parts), section };
}

/** The account the current address opens (null: the signed-in account). Works inside overlays too. */
export function useActingTarget(): number | null {
  const { pathname } = useLocation();
  if (!pathname.startsWith('/app') && !pathname.startsWith('/inbox')) return null;
  const { parsed } = appLocation(pathname);
  return parsed.ok ? (appPathTarget(parsed.path)?.id ?? null) : null;
}

/** The acting account (and its permissions) for a screen or overlay. */
export function useActingAccount(idOverride?: number | null) {
  const target = useActingTarget();
  const id = idOverride ?? target;
  return { target: id, ...useAccount(id) };
}

/** The URL of a section of the account at `base` (an /app path URL): '' is Home. */
export function sectionUrl(base: string, section: string): string {
  if (!section) return base;
  return `${base === '/app' ? '/app' : base}/${section}`;
}
