import type { Generated, Kysely } from 'kysely';
import { LocalCalendarProvider } from './local.ts';

/** A busy stretch of a calendar, epoch milliseconds, end exclusive. */
export interface BusyTime {
  start: number;
  end: number;
}

export interface CalendarEventInput {
  start: number;
  end: number;
  title: string;
  /** The same key never adds a second event (a retried booking). */
  key: string;
}

/**
 * A host's calendar: where availability reads busy times and where bookings are written. The local
 * calendar (a table) is the default; the Google Calendar and Calendly API clients (google.ts, calendly.ts)
 * are tested against fakes but not yet wired in as providers.
 */
export interface CalendarProvider {
  readonly kind: 'local';
  busy(accountId: number, from: number, to: number): Promise<BusyTime[]>;
  addEvent(accountId: number, event: CalendarEventInput): Promise<{ id: number }>;
  listEvents(accountId: number, from: number, to: number): Promise<{ id: number; start: number; end: number; title: string }[]>;
  removeEvent(accountId: number, id: number): Promise<boolean>;
}

/** The local calendar's table (the calendar module lists it in the Database type). */
export interface CalendarEventsTable {
  id: Generated<number>;
  account_id: number;
  start_at: number;
  end_at: number;
  title: string;
  external_key: string | null;
  created_at: number;
}
export interface CalendarProviderTables {
  calendar_events: CalendarEventsTable;
}

export function createCalendarProvider(db: Kysely<CalendarProviderTables>): CalendarProvider {
  return new LocalCalendarProvider(db);
}
