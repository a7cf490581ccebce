import { useQuery } from '@tanstack/react-query';
import type { BookBody, Booking, MeetingType, Schedule } from '@switchboard/core/contracts/calendar';
import { api } from '../../api/client.ts';
import { useAppMutation } from '../../api/mutation.ts';

/** The calendar feature's calls (spec §7 Calendar and the public /schedule page); the only file here with URL paths. */
export type { Booking, MeetingType, Schedule };

export interface ScheduleAnswer {
  username: string;
  schedule: Schedule;
  bookings: Booking[];
}

export function useSchedule() {
  return useQuery({ queryKey: ['calendar', 'schedule'], queryFn: ({ signal }) => api<ScheduleAnswer>('/api/v1/schedule', { signal }) });
}

export function useSaveSchedule() {
  return useAppMutation((s: Partial<Schedule>) => api<ScheduleAnswer>('/api/v1/schedule', { body: s }), {
    success: 'Availability saved.',
    invalidate: [['calendar']],
  });
}

export interface SlotsAnswer {
  host: { username: string; name: string };
  timezone: string;
  meetingType: MeetingType | null;
  meetingTypes: Pick<MeetingType, 'id' | 'name' | 'minutes'>[];
  slots: { start: number; end: number }[];
}

/** GET /api/v1/schedule/{host}/slots: the host's free slots for the next two weeks (no sign-in). */
export function usePublicSlots(host: string, meetingType: string | null) {
  return useQuery({
    queryKey: ['calendar', 'slots', host, meetingType],
    queryFn: ({ signal }) =>
      api<SlotsAnswer>(`/api/v1/schedule/${encodeURIComponent(host)}/slots`, {
        anonymous: true,
        signal,
        query: { days: 14, ...(meetingType ? { meetingType } : {}) },
      }),
    enabled: host.length > 0,
    retry: false,
  });
}

export type BookingInput = BookBody;

/** POST /api/v1/schedule/{host}/book. A slot taken meanwhile answers 409 “That time was just taken.” */
export function useBook(host: string) {
  return useAppMutation(
    (b: BookingInput) =>
      api<{ booking: { id: number; start: number; end: number } }>(`/api/v1/schedule/${encodeURIComponent(host)}/book`, {
        anonymous: true,
        body: b,
      }),
    { toastErrors: false, invalidate: [['calendar', 'slots', host]] },
  );
}
