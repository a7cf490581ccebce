import crypto from 'node:crypto';
import { phraseDigits } from '@switchboard/core';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { AREAS, CALLING_CODES, areaOfNational, type Area } from './areas.ts';
import type { AvailableNumber, NumberSearch } from './index.ts';

/**
 * The simulated carrier's stock, a pure function of the number: about one number in eight of each
 * real area code is for sale (a hash of the number decides), plus the fixed pool the carrier hands out
 * first. What was sold is kept in the database by LocalCarrier (carrier_numbers); search filters it out.
 */

/** The pool handed out when an organization asks for "any number": 100 numbers per country. */
const POOL_PREFIXES: Record<string, string> = { US: '+1415200', CA: '+1604200', GB: '+447700900' };

export function poolOf(country: string): string[] {
  const prefix = POOL_PREFIXES[country.toUpperCase()];
  if (!prefix) return [];
  return Array.from({ length: 100 }, (_, i) => `${prefix}${String(100 + i).padStart(prefix.startsWith('+44') ? 3 : 4, '0')}`);
}

const hashOf = (s: string) => crypto.createHash('sha256').update(s).digest();
const inPool = (n: string) => Object.entries(POOL_PREFIXES).some(([c, p]) => n.startsWith(p) && poolOf(c).includes(n));

/** North American exchanges: 2-9 first, never N11 or 555 (the fictional and directory range). */
function plausible(area: Area, subscriber: string): boolean {
  if (area.country !== 'US' && area.country !== 'CA') return true;
  const ex = subscriber.slice(0, 3);
  return /^[2-9]/.test(ex) && !/^[2-9]11$/.test(ex) && ex !== '555';
}

const e164Of = (area: Area, subscriber: string) => `+${CALLING_CODES[area.country]}${area.code}${subscriber}`;

function valid(area: Area, number: string): boolean {
  const p = parsePhoneNumberFromString(number, area.country as CountryCode);
  return !!p && p.isValid() && p.country === area.country;
}

/** Whether the carrier has this number at all (sold or not). */
export function inStock(number: string): { area: Area | null; country: string } | null {
  for (const [country, prefix] of Object.entries(POOL_PREFIXES))
    if (number.startsWith(prefix) && inPool(number)) {
      const national = number.slice(1 + CALLING_CODES[country]!.length);
      return { area: areaOfNational(country, national) ?? null, country };
    }
  for (const country of Object.keys(CALLING_CODES)) {
    const cc = CALLING_CODES[country]!;
    if (!number.startsWith(`+${cc}`)) continue;
    const area = areaOfNational(country, number.slice(1 + cc.length));
    if (!area) continue;
    const subscriber = number.slice(1 + cc.length + area.code.length);
    if (plausible(area, subscriber) && hashOf(number)[0]! < 32 && valid(area, number)) return { area, country };
  }
  return null;
}

/** Capabilities: every number takes calls; most North American numbers texts and picture messages, other countries' landlines voice only. */
export function capabilitiesOf(number: string, country: string): AvailableNumber['capabilities'] {
  if (number.startsWith('+447')) return { voice: true, sms: true, mms: false };
  if (country !== 'US' && country !== 'CA') return { voice: true, sms: false, mms: false };
  const b = hashOf(`caps:${number}`)[0]!;
  return { voice: true, sms: b < 235, mms: b < 190 };
}

export function describe(number: string, area: Area | null, country: string): AvailableNumber {
  const p = parsePhoneNumberFromString(number);
  return {
    number,
    friendlyName: p ? (country === 'US' || country === 'CA' ? p.formatNational() : p.formatInternational()) : number,
    locality: area?.city ?? null,
    region: area?.region ?? null,
    country,
    capabilities: capabilitiesOf(number, country),
  };
}

/** The national digits of a Twilio-style Contains pattern: digits, letters (keypad) and `*` for any digit. */
export function patternDigits(contains: string): string {
  return [...contains].map((c) => (c === '*' ? '*' : phraseDigits(c))).join('');
}

const STRIDE = 7919; // prime, so k·STRIDE covers every value modulo a power of ten
const MAX_TRIES = 6000;

/** Subscriber numbers of an area with some positions fixed, in a scrambled but stable order. */
function* subscribers(area: Area, fixed: (string | null)[]): Generator<string> {
  const free = fixed.map((d, i) => (d == null ? i : -1)).filter((i) => i >= 0);
  const space = 10 ** free.length;
  const offset = hashOf(`${area.country}${area.code}${fixed.join('')}`).readUInt32BE(0) % space;
  for (let k = 0; k < Math.min(space, MAX_TRIES); k++) {
    let v = (offset + k * STRIDE) % space;
    const digits = [...fixed];
    for (let j = free.length - 1; j >= 0; j--) {
      digits[free[j]!] = String(v % 10);
      v = Math.floor(v / 10);
    }
    yield digits.join('');
  }
}

/** Where a pattern may sit in an area's national number: anchored when it is as long as the number, else ending as late as possible. */
function placements(area: Area, pattern: string): (string | null)[][] {
  const national = area.code.length + area.digits;
  const out: (string | null)[][] = [];
  const starts =
    pattern.length === national ? [0] : Array.from({ length: national - pattern.length + 1 }, (_, i) => national - pattern.length - i);
  for (const start of starts) {
    const full: (string | null)[] = Array.from({ length: national }, (_, i) => (i < area.code.length ? area.code[i]! : null));
    let ok = true;
    for (let i = 0; i < pattern.length && ok; i++) {
      const c = pattern[i]!;
      if (c === '*') continue;
      if (full[start + i] != null && full[start + i] !== c) ok = false;
      else full[start + i] = c;
    }
    if (ok) out.push(full.slice(area.code.length));
  }
  return out;
}

/** Searches the stock: areas by code, city and region, numbers by pattern; `sold` filters out what is gone. */
export async function searchStock(q: NumberSearch, sold: (numbers: string[]) => Promise<Set<string>>): Promise<AvailableNumber[]> {
  const country = q.country.toUpperCase();
  const norm = (s: string) =>
    s
      .trim()
      .toLowerCase()
      .replace(/^st\.? /, 'st. ');
  const areas = AREAS.filter(
    (a) =>
      a.country === country &&
      (!q.areaCode || a.code === q.areaCode) &&
      (!q.inLocality || norm(a.city) === norm(q.inLocality)) &&
      (!q.inRegion || a.region.toLowerCase() === q.inRegion.trim().toLowerCase()),
  );
  const pattern = q.contains ? patternDigits(q.contains) : '';
  const perArea = areas.length > 3 ? Math.max(2, Math.ceil(q.limit / 4)) : q.limit;
  const found: AvailableNumber[] = [];
  for (const area of areas) {
    const candidates: string[] = [];
    if (!pattern) for (const n of poolOf(country)) if (n.startsWith(`+${CALLING_CODES[country]}${area.code}`)) candidates.push(n);
    for (const fixed of pattern ? placements(area, pattern) : [Array.from({ length: area.digits }, () => null)]) {
      for (const sub of subscribers(area, fixed)) {
        if (candidates.length >= perArea * 3) break;
        const n = e164Of(area, sub);
        if (plausible(area, sub) && hashOf(n)[0]! < 32 && valid(area, n)) candidates.push(n);
      }
      if (candidates.length >= perArea * 3) break;
    }
    const gone = await sold(candidates);
    for (const n of candidates.filter((c) => !gone.has(c)).slice(0, perArea)) found.push(describe(n, area, country));
    if (found.length >= q.limit) break;
  }
  return found.slice(0, q.limit);
}
