import { badRequest } from '../../platform/http/errors.ts';
import { normalizeEmail, toE164, validE164 } from '../../platform/http/phone.ts';

/** A contact's identity per channel: E.164 numbers (libphonenumber-js) and lower-case e-mails. */
export const phoneKey = (e164: string) => `tel:${e164}`;
export const emailKey = (email: string) => `email:${email}`;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Normalises the phones of a request (400 naming `phones.<i>` for one that is not a number). */
export function normalisePhones(raw: string[], field = 'phones'): string[] {
  const out = raw.map((p, i) => toE164(p, `${field}.${i}`));
  return [...new Set(out)];
}

export function normaliseEmails(raw: string[], field = 'emails'): string[] {
  const out = raw.map((e, i) => {
    const v = normalizeEmail(e);
    if (!EMAIL.test(v)) throw badRequest(`${field}.${i}: not a valid e-mail address`, `${field}.${i}`);
    return v;
  });
  return [...new Set(out)];
}

/** Addresses already keyed (keyOf is pure): the inbox keys every room of a page on every read. */
const KEYS_KEPT = 10_000;
const keyed = new Map<string, string | null>();

/** The key of whatever a sender is (a number or an address), or null when it is neither. */
export function keyOf(address: string): string | null {
  const known = keyed.get(address);
  if (known !== undefined) return known;
  const key = computeKey(address);
  // Oldest first out once full (a Map iterates in insertion order).
  if (keyed.size >= KEYS_KEPT) keyed.delete(keyed.keys().next().value!);
  keyed.set(address, key);
  return key;
}

function computeKey(address: string): string | null {
  const a = address.trim();
  if (a.includes('@')) return EMAIL.test(a) ? emailKey(normalizeEmail(a)) : null;
  // Parsed without throwing: most senders of a chat inbox are not numbers, and an error per room cost
  // more than the inbox list's own queries (npm run bench inbox).
  const e164 = validE164(a);
  return e164 == null ? null : phoneKey(e164);
}
