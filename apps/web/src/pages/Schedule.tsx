import { useSearchParams } from 'react-router';
import { BookingFlow, ManageBooking } from '../features/calendar/index.ts';
import { useTitle } from '../shell/useTitle.ts';
import { PageFrame } from './PageFrame.tsx';

/**
 * /schedule?host=<username>&meetingType=<id>: book a meeting with a host (no sign-in);
 * with `booking=<id>&token=…` (the confirmation's link): reschedule or cancel that booking.
 */
export default function Schedule() {
  const [params] = useSearchParams();
  useTitle('Book a meeting');
  return (
    <PageFrame>
      <section className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        {params.get('booking') && params.get('token') ? (
          <ManageBooking id={Number(params.get('booking'))} token={params.get('token')!} />
        ) : (
          <BookingFlow host={params.get('host') ?? ''} meetingType={params.get('meetingType') ?? params.get('type')} />
        )}
      </section>
    </PageFrame>
  );
}
