import { PAGE_SIZE } from '@switchboard/core/constants';
import type { QueryValue } from '../../api/client.ts';

/** The organization filter of spec §3, from the orgSearch form to the searchOrganizations query. */

export const DATES = [
  ['createdFrom', 'Created from'],
  ['createdTo', 'Created until'],
  ['canceledFrom', 'Canceled from'],
  ['canceledTo', 'Canceled until'],
] as const;

/** Turns the form into the spec's filter: numbers, 'true'/'false', text, dates as epoch ms (end of day for "until"). */
export function toFilter(form: Record<string, string>): Record<string, QueryValue> {
  const f: Record<string, QueryValue> = {};
  for (const [k, v] of Object.entries(form)) {
    if (!v.trim()) continue;
    if (k.endsWith('Min') || k.endsWith('Max')) f[k] = Number(v);
    else if ((DATES as readonly (readonly string[])[]).some(([d]) => d === k)) {
      const ms = Date.parse(`${v}T00:00:00`);
      if (Number.isFinite(ms)) f[k] = k.endsWith('To') ? ms + 86_399_999 : ms;
    } else f[k] = v.trim();
  }
  return f;
}

/** spec §5: page and pageSize are sent only when positive; other filters only when a string or a number. */
export function searchQuery(filter: Record<string, QueryValue>, page: number): Record<string, QueryValue> {
  const q: Record<string, QueryValue> = {};
  if (page > 0) q.page = page;
  q.pageSize = PAGE_SIZE;
  for (const [k, v] of Object.entries(filter)) {
    if (typeof v === 'number' && Number.isFinite(v)) q[k] = v;
    else if (typeof v === 'string' && v.trim() !== '') q[k] = v.trim();
  }
  return q;
}
