/**
 * The /app catch-all path (spec §2 "Page routes"): segments `partner`, `reseller`, `org` and `agent`,
 * each followed by a numeric id (`/app/reseller/12/org/345/agent/678`). Going back joins the segments
 * as `type:id`.
 */
export const APP_PATH_SEGMENTS = ['partner', 'reseller', 'org', 'agent'] as const;
export type AppPathSegment = (typeof APP_PATH_SEGMENTS)[number];

/** Segment → account type. */
export const SEGMENT_ACCOUNT_TYPE: Record<AppPathSegment, 'partner' | 'reseller' | 'organization' | 'agent'> = {
  partner: 'partner',
  reseller: 'reseller',
  org: 'organization',
  agent: 'agent',
};

export interface AppPathStep {
  type: AppPathSegment;
  id: number;
}

export type AppPathResult = { ok: true; path: AppPathStep[] } | { ok: false; error: string };

const isSegment = (s: string): s is AppPathSegment => (APP_PATH_SEGMENTS as readonly string[]).includes(s);

/**
 * Parses the segments after /app (a string like 'reseller/12/org/345' or an array). Every type must be
 * followed by a positive integer id; unknown segments, missing or non-numeric ids are errors.
 */
export function parseAppPath(input: string | readonly string[]): AppPathResult {
  const parts = (typeof input === 'string' ? input.split('/') : [...input]).map((p) => p.trim()).filter((p) => p !== '');
  const path: AppPathStep[] = [];
  for (let i = 0; i < parts.length; i += 2) {
    const type = parts[i]!;
    if (!isSegment(type)) return { ok: false, error: `Unknown path segment "${type}"` };
    const raw = parts[i + 1];
    if (raw === undefined) return { ok: false, error: `"${type}" needs an id` };
    if (!/^\d+$/.test(raw) || Number(raw) <= 0 || !Number.isSafeInteger(Number(raw)))
      return { ok: false, error: `"${raw}" is not an account id` };
    path.push({ type, id: Number(raw) });
  }
  return { ok: true, path };
}

/** ['reseller:12', 'org:345']: the back-stack form of a path. */
export function joinAppPath(path: readonly AppPathStep[]): string[] {
  return path.map((s) => `${s.type}:${s.id}`);
}

/** Reads the `type:id` form back; invalid entries make the whole result an error. */
export function splitAppPath(joined: readonly string[]): AppPathResult {
  const parts: string[] = [];
  for (const item of joined) {
    const [type, id, ...rest] = item.split(':');
    if (rest.length || type === undefined || id === undefined) return { ok: false, error: `"${item}" is not type:id` };
    parts.push(type, id);
  }
  return parseAppPath(parts);
}

/** The URL of a path: '/app/reseller/12/org/345'. */
export function appPathUrl(path: readonly AppPathStep[]): string {
  return ['/app', ...path.flatMap((s) => [s.type, String(s.id)])].join('/');
}

/** One level up (the URL the back arrow leads to). */
export function parentAppPath(path: readonly AppPathStep[]): AppPathStep[] {
  return path.slice(0, -1);
}

/** The account the path opens: its last step, or null for plain /app (the signed-in account). */
export function appPathTarget(path: readonly AppPathStep[]): AppPathStep | null {
  return path.length ? path[path.length - 1]! : null;
}
