/** Pure helpers of spec §5 and §9. */

/** A string is numeric only if it parses as a number. */
export function isNumeric(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  if (typeof value !== 'string' || value.trim() === '') return false;
  return Number.isFinite(Number(value));
}

/**
 * Formats a phone value as +1 (xxx) xxx-xxxx only when it has exactly 11 digits after stripping
 * non-digits; values containing @ and all others are returned unchanged.
 */
export function formatPhone(value: string): string {
  if (value.includes('@')) return value;
  const digits = value.replace(/\D/g, '');
  if (digits.length !== 11) return value;
  return `+${digits[0]} (${digits.slice(1, 4)}) ${digits.slice(4, 7)}-${digits.slice(7)}`;
}

/** Compact counts: k from 1,000, M from 1,000,000, rounded to one decimal. */
export function compactCount(n: number): string {
  const abs = Math.abs(n);
  const fmt = (v: number, suffix: string) => `${Number((Math.round(v * 10) / 10).toFixed(1))}${suffix}`;
  if (abs >= 1_000_000) return fmt(n / 1_000_000, 'M');
  if (abs >= 1_000) return fmt(n / 1_000, 'k');
  return String(n);
}

/** Durations as mm:ss (minutes keep growing past 59). */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const minutes = Math.floor(s / 60);
  const seconds = s % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}

/** Initials from the first and last words, uppercased. */
export function initials(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '';
  const first = words[0]![0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]![0] ?? '') : '';
  return (first + last).toUpperCase();
}

export interface AccountDetails {
  name?: string | null;
  fullName?: string | null;
  accountName?: string | null;
  orgName?: string | null;
  resellerName?: string | null;
  partnerName?: string | null;
  agentName?: string | null;
  image?: string | null;
}

/**
 * A display name derived from the account's details with fallbacks: the most specific name for the
 * account's type first, then the person's names, then the username.
 */
export function displayName(account: {
  accountType?: string | null;
  details?: AccountDetails | null;
  name?: string | null;
  accountName?: string | null;
  username?: string | null;
}): string {
  const d = account.details ?? {};
  const byType: Record<string, (string | null | undefined)[]> = {
    agent: [d.agentName, d.accountName, account.accountName],
    organization: [d.orgName, d.accountName, account.accountName],
    reseller: [d.resellerName, d.accountName, account.accountName],
    partner: [d.partnerName, d.accountName, account.accountName],
  };
  const candidates = [
    ...(byType[account.accountType ?? ''] ?? []),
    d.fullName,
    d.name,
    account.name,
    d.accountName,
    account.accountName,
    account.username,
  ];
  for (const c of candidates) if (typeof c === 'string' && c.trim()) return c.trim();
  return 'Unnamed';
}

/** Merges lists keyed by id; later items replace earlier ones, order of first appearance kept. */
export function mergeById<T extends { id: string | number }>(...lists: T[][]): T[] {
  const byId = new Map<string | number, T>();
  for (const list of lists) for (const item of list) byId.set(item.id, item);
  return [...byId.values()];
}

/** Cuts a user agent string to the length the spec allows. */
export function truncateUserAgent(ua: string, max = 500): string {
  return ua.length > max ? ua.slice(0, max) : ua;
}

/** A username is a slug: lowercase letters, digits and single hyphens, 3 to 32 characters. */
export const USERNAME_PATTERN = /^[a-z0-9](?:[a-z0-9]|-(?=[a-z0-9])){2,31}$/;

export function slugify(input: string): string {
  const slug = input
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 24)
    .replace(/-+$/g, '');
  return slug.length >= 3 ? slug : `${slug || 'account'}-${slug ? 'x' : 'new'}`.slice(0, 24);
}

/** URLs a user may publish: http, https, mailto and tel only. Returns null for anything else. */
export function safePublicUrl(raw: string): string | null {
  try {
    const url = new URL(raw.trim());
    return ['http:', 'https:', 'mailto:', 'tel:'].includes(url.protocol) ? url.toString() : null;
  } catch {
    return null;
  }
}
