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
  connections?: Connection[];
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
      api<{ booking: { id: number; start: number; end: number }; manageUrl?: string }>(
        `/api/v1/schedule/${encodeURIComponent(host)}/book`,
        {
          anonymous: true,
          body: b,
        },
      ),
    { toastErrors: false, invalidate: [['calendar', 'slots', host]] },
  );
}

/** The host cancels or moves one of its bookings. */
export function useCancelOwnBooking() {
  return useAppMutation((id: number) => api<{ booking: Booking }>(`/api/v1/schedule/bookings/${id}/cancel`, { body: {} }), {
    success: 'Meeting cancelled; the visitor is told.',
    invalidate: [['calendar']],
  });
}
export function useRescheduleOwnBooking() {
  return useAppMutation(
    (v: { id: number; start: number }) =>
      api<{ booking: Booking }>(`/api/v1/schedule/bookings/${v.id}/reschedule`, { body: { start: v.start } }),
    { success: 'Meeting moved; the visitor is told.', invalidate: [['calendar']], toastErrors: true },
  );
}

export interface ManagedBooking {
  booking: Omit<Booking, 'email' | 'phone' | 'notes'>;
  host: { username: string; name: string };
  meetingType: string;
}

/** The visitor's booking through the manage link (no sign-in). */
export function useManagedBooking(id: number, token: string) {
  return useQuery({
    queryKey: ['calendar', 'managed', id],
    queryFn: ({ signal }) => api<ManagedBooking>(`/api/v1/schedule/booking/${id}`, { anonymous: true, signal, query: { token } }),
    enabled: id > 0 && token.length > 0,
    retry: false,
  });
}
export function useManageBooking(id: number, token: string) {
  const invalidate = [
    ['calendar', 'managed', id],
    ['calendar', 'slots'],
  ];
  return {
    cancel: useAppMutation(() => api<ManagedBooking>(`/api/v1/schedule/booking/${id}/cancel`, { anonymous: true, body: { token } }), {
      success: 'Your meeting is cancelled.',
      invalidate,
    }),
    reschedule: useAppMutation(
      (start: number) => api<ManagedBooking>(`/api/v1/schedule/booking/${id}/reschedule`, { anonymous: true, body: { token, start } }),
      { success: 'Your meeting is moved.', invalidate, toastErrors: false },
    ),
  };
}

export type Connection = { provider: 'google' | 'calendly'; status: 'connected' | 'revoked'; mainCalendar: string | null };

/** Google Calendar: the consent URL (the browser goes there), the calendars, the main one, disconnect. */
const googleConnectUrl = () => api<{ url: string }>('/api/v1/google/connect');
/** The consent URL to send the browser to (the screen says a failure itself). */
export const useGoogleConnectUrl = () => useAppMutation(googleConnectUrl, { toastErrors: false });
export function useGoogleCalendars(enabled: boolean) {
  return useQuery({
    queryKey: ['calendar', 'google'],
    queryFn: ({ signal }) =>
      api<{ calendars: { id: string; name: string; primary: boolean }[]; main: string | null }>('/api/v1/google/calendars', { signal }),
    enabled,
    retry: false,
  });
}
export function useSetGoogleMain() {
  return useAppMutation((calendarId: string) => api('/api/v1/google/calendars/main', { method: 'PUT', body: { calendarId } }), {
    success: 'Main calendar saved.',
    invalidate: [['calendar']],
  });
}
export function useDisconnect() {
  return useAppMutation(
    (provider: 'google' | 'calendly') =>
      api(provider === 'google' ? '/api/v1/google/disconnect' : '/api/v2/calendly', { method: 'DELETE' }),
    { success: 'Calendar disconnected.', invalidate: [['calendar']] },
  );
}
export function useConnectCalendly() {
  return useAppMutation((userPAT: string) => api('/api/v2/calendly', { body: { userPAT } }), {
    success: 'Calendly connected.',
    invalidate: [['calendar']],
    toastErrors: false,
  });
}
