import { timezones } from './options.ts';

export interface TimezoneOption {
  /** The IANA name the agent stores, e.g. 'America/New_York'. */
  value: string;
  /** 'New York' */
  city: string;
  /** 'America' */
  region: string;
  /** 'GMT-5' now (daylight saving included). */
  offset: string;
  /** Lower-case text a search matches against. */
  search: string;
}

function offsetOf(zone: string): string {
  try {
    const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'shortOffset' })
      .formatToParts(new Date())
      .find((p) => p.type === 'timeZoneName');
    return part?.value ?? '';
  } catch {
    return '';
  }
}

let cached: TimezoneOption[] | null = null;

/** Every timezone the browser knows, with its city, region and current offset, built once. */
export function timezoneOptions(): TimezoneOption[] {
  if (cached) return cached;
  cached = timezones().map((value) => {
    const parts = value.split('/');
    const city = (parts[parts.length - 1] ?? value).replace(/_/g, ' ');
    const region = parts.length > 1 ? parts[0]!.replace(/_/g, ' ') : '';
    const offset = offsetOf(value);
    return { value, city, region, offset, search: `${value} ${city} ${region} ${offset} ${offset.replace('GMT', 'UTC')}`.toLowerCase() };
  });
  return cached;
}

/** The options matching a search ('paris', 'new york', 'gmt+1'), cities starting with it first. */
export function filterTimezones(options: TimezoneOption[], query: string, limit = 50): TimezoneOption[] {
  const q = query.trim().toLowerCase();
  if (!q) return options.slice(0, limit);
  const words = q.split(/\s+/);
  const hits = options.filter((o) => words.every((w) => o.search.includes(w)));
  hits.sort((a, b) => Number(!a.city.toLowerCase().startsWith(q)) - Number(!b.city.toLowerCase().startsWith(q)));
  return hits.slice(0, limit);
}
