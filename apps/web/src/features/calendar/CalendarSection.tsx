import { useTitle } from '../../shell/useTitle.ts';
import { ConnectedCalendars } from './components/ConnectedCalendars.tsx';
import { ScheduleEditor } from './components/ScheduleEditor.tsx';
import { UpcomingBookings } from './components/UpcomingBookings.tsx';

/** /app/…/calendar: availability, meeting types and booked meetings. */
export default function CalendarSection() {
  useTitle('Calendar');
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 p-4 sm:p-6">
      <h1 className="text-xl font-semibold text-slate-900">Calendar</h1>
      <section aria-labelledby="upcoming-h" className="flex flex-col gap-3">
        <h2 id="upcoming-h" className="font-semibold text-slate-900">
          Upcoming meetings
        </h2>
        <UpcomingBookings />
      </section>
      <section aria-labelledby="availability-h" className="flex flex-col gap-3">
        <h2 id="availability-h" className="font-semibold text-slate-900">
          Availability
        </h2>
        <ScheduleEditor />
      </section>
      <section aria-labelledby="connected-h" className="flex flex-col gap-3">
        <h2 id="connected-h" className="font-semibold text-slate-900">
          Connected calendars
        </h2>
        <ConnectedCalendars />
      </section>
    </div>
  );
}
