import type { Booking, Schedule } from '@switchboard/core/contracts/calendar';
import { fromJson } from '../../platform/db/columns.ts';
import type { BookingRow, ScheduleRow } from './repository.ts';
import { defaultSchedule } from './slots.ts';

export function toSchedule(row: ScheduleRow | undefined): Schedule {
  if (!row) return defaultSchedule();
  const fallback = defaultSchedule(row.timezone);
  return {
    timezone: row.timezone,
    hours: fromJson(row.hours, fallback.hours),
    meetingTypes: fromJson(row.meeting_types, fallback.meetingTypes),
  };
}

export function toBooking(row: BookingRow): Booking {
  return {
    id: row.id,
    meetingType: row.meeting_type,
    start: Number(row.start_at),
    end: Number(row.end_at),
    name: row.name,
    email: row.email,
    phone: row.phone,
    notes: row.notes,
    status: row.status === 'cancelled' ? 'cancelled' : 'active',
    createdAt: Number(row.created_at),
  };
}
