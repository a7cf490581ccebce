import { LOG_FIELDS, type LogEntry, type LogField } from '@switchboard/core/contracts/logs';
import { fromJson } from '../../platform/db/columns.ts';
import type { LogRow } from './repository.ts';

/** A stored row as the API shows it (spec §7 Logs). */
export function toLogEntry(r: LogRow, contactName: string | null = null): Required<LogEntry> {
  const details = fromJson<Record<string, unknown>>(r.details, {});
  return {
    id: r.id,
    timestamp: Number(r.created_at),
    kind: r.kind as Required<LogEntry>['kind'],
    status: r.status,
    agentId: r.agent_id,
    direction: r.direction,
    contact: r.contact,
    contactName,
    number: r.number,
    roomId: r.room_id,
    summary: r.summary,
    outcome: r.kind === 'analysis' && typeof details.outcome === 'string' ? details.outcome : null,
    details,
  };
}

/** Only the chosen fields (all when none were chosen). */
export function pick(entry: Required<LogEntry>, fields: readonly LogField[]): LogEntry {
  const out: LogEntry = Object.fromEntries(fields.map((f) => [f, entry[f]]));
  // The contact's name travels with the contact (it is not a field of its own in the CSV).
  if (fields.includes('contact')) out.contactName = entry.contactName;
  return out;
}

/** One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break; quotes doubled. Objects as JSON. */
export function csvCell(v: unknown): string {
  if (v == null) return '';
  const s = typeof v === 'object' ? JSON.stringify(v) : String(v);
  // A leading =, +, - or @ would be read as a formula by spreadsheets: prefix it with a quote.
  const safe = /^[=+\-@\t\r]/.test(s) && typeof v === 'string' ? `'${s}` : s;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const csvLine = (cells: unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;

export const ALL_FIELDS = LOG_FIELDS;
