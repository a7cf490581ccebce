import { phraseDigits } from '@switchboard/core';
import type { AvailableNumberInfo } from '@switchboard/core/contracts/numbers';
import { badRequest } from '../../platform/http/errors.ts';
import { AREAS, CALLING_CODES } from '../../platform/providers/carrier/areas.ts';
import type { CarrierProvider, NumberSearch } from '../../platform/providers/carrier/index.ts';

const LIMIT = 20;
const NANP = new Set(['US', 'CA']);

function country(raw: string): string {
  const c = raw.toUpperCase();
  if (!CALLING_CODES[c]) throw badRequest(`country: numbers are sold in ${Object.keys(CALLING_CODES).join(', ')}`, 'country');
  return c;
}

const dedupe = (lists: AvailableNumberInfo[][]) => {
  const seen = new Set<string>();
  return lists.flat().filter((n) => !seen.has(n.number) && seen.add(n.number));
};

/**
 * The three searches of the spec, put to the carrier in Twilio's terms: by prefix (area code, or a
 * longer prefix as an anchored Contains pattern; not strict widens to the same region), by city and
 * region, and by a phrase spelled on the keypad.
 */
export function numberSearches(carrier: CarrierProvider) {
  return {
    async byPrefix(q: { prefix: string; country: string; strict: boolean }) {
      const c = country(q.country);
      const cc = CALLING_CODES[c]!;
      let digits = q.prefix.replace(/\D/g, '');
      if (q.prefix.trim().startsWith('+') && digits.startsWith(cc)) digits = digits.slice(cc.length);
      else if (NANP.has(c) && digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
      if (digits.length < 1) throw badRequest('prefix: enter an area code or the first digits of a number', 'prefix');
      const area = AREAS.filter((a) => a.country === c && digits.startsWith(a.code)).sort((a, b) => b.code.length - a.code.length)[0];
      const search: NumberSearch = { country: c, limit: LIMIT };
      if (area && digits === area.code) search.areaCode = area.code;
      else if (area) search.contains = digits + '*'.repeat(Math.max(0, area.code.length + area.digits - digits.length));
      else if (NANP.has(c) && digits.length < 3) search.contains = digits;
      else if (q.strict) return { success: true as const, numbers: [] };
      else search.contains = digits;
      const exact = await carrier.searchNumbers(search);
      if (q.strict || exact.length >= LIMIT || !area) return { success: true as const, numbers: exact };
      // Not strict: fill up with numbers from the rest of the same region.
      const near = await carrier.searchNumbers({ country: c, inRegion: area.region, limit: LIMIT });
      return { success: true as const, numbers: dedupe([exact, near]).slice(0, LIMIT) };
    },

    async byLocality(q: { city?: string; region?: string; country: string }) {
      const c = country(q.country);
      if (!q.city && !q.region) throw badRequest('city: enter a city or a region', 'city');
      const numbers = await carrier.searchNumbers({
        country: c,
        inLocality: q.city || undefined,
        inRegion: q.region || undefined,
        limit: LIMIT,
      });
      return { success: true as const, numbers };
    },

    async byPhrase(q: { phrase: string; city?: string; region?: string; country: string }) {
      const c = country(q.country);
      const digits = phraseDigits(q.phrase);
      if (digits.length < 2 || digits.length > 7) throw badRequest('phrase: use 2 to 7 letters or digits', 'phrase');
      const letters = q.phrase.toUpperCase().replace(/[^A-Z0-9]/g, '');
      const found = await carrier.searchNumbers({
        country: c,
        contains: letters,
        inLocality: q.city || undefined,
        inRegion: q.region || undefined,
        limit: LIMIT,
      });
      const numbers = found.map((n) => ({ ...n, vanity: vanityOf(n.friendlyName, digits, letters) }));
      return { success: true as const, numbers };
    },
  };
}

/** The formatted number with the phrase in letters in place of its digits: (201) 50-PIZZA, (512) FLOWERS. */
function vanityOf(formatted: string, digits: string, letters: string): string | undefined {
  const positions = [...formatted].map((ch, i) => (/\d/.test(ch) ? i : -1)).filter((i) => i >= 0);
  const at = positions
    .map((i) => formatted[i])
    .join('')
    .lastIndexOf(digits);
  if (at < 0) return undefined;
  const head = formatted.slice(0, positions[at]).replace(/[-\s]+$/, '');
  const tail = formatted.slice(positions[at + digits.length - 1]! + 1);
  return `${head}${/\d$/.test(head) ? '-' : head.endsWith(')') ? ' ' : ''}${letters}${tail}`;
}
