import type { Generated } from 'kysely';
import type { CalendarProviderTables } from '../../platform/providers/calendar/index.ts';

export interface SchedulesTable {
  account_id: number;
  timezone: string;
  hours: unknown;
  meeting_types: unknown;
  updated_at: number;
}

export interface BookingsTable {
  id: Generated<number>;
  host_id: number;
  meeting_type: string;
  start_at: number;
  end_at: number;
  /** The start while the booking stands, null once cancelled: unique per host. */
  active_start: number | null;
  name: string;
  email: string;
  phone: string | null;
  notes: string;
  timezone: string | null;
  status: string;
  created_at: number;
  /** SHA-256 (hex) of the visitor's manage-link token. */
  manage_token_hash: string | null;
  cancelled_at: number | null;
}

export interface CalendarConnectionsTable {
  account_id: number;
  provider: 'google' | 'calendly';
  /** Sealed JSON (platform/secrets): Google's tokens, or Calendly's personal access token. */
  credentials: string;
  main_calendar: string | null;
  external_user: string | null;
  status: 'connected' | 'revoked';
  created_at: number;
  updated_at: number;
}

export interface CalendarTables extends CalendarProviderTables {
  schedules: SchedulesTable;
  bookings: BookingsTable;
  calendar_connections: CalendarConnectionsTable;
}
