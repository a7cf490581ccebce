import { CalendarCheck } from 'lucide-react';
import { EmptyState } from '../../../ui/index.ts';
import { useSchedule } from '../api.ts';

const fmt = (ms: number) =>
  new Intl.DateTimeFormat(undefined, { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(ms);

/** Standing bookings from now on, soonest first. */
export function UpcomingBookings() {
  const q = useSchedule();
  const list = q.data?.bookings ?? [];
  if (q.isLoading || q.isError) return null;
  if (list.length === 0)
    return (
      <EmptyState
        icon={<CalendarCheck className="size-6" aria-hidden="true" />}
        title="No meetings booked"
        message="Share your booking page; meetings people book show here."
      />
    );
  return (
    <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white" aria-label="Upcoming meetings">
      {list.map((b) => (
        <li key={b.id} className="flex flex-col px-4 py-3 text-sm">
          <span className="font-medium text-slate-900">
            {fmt(b.start)} · {b.name}
          </span>
          <span className="text-slate-600">{[b.email, b.phone, b.notes].filter(Boolean).join(' · ')}</span>
        </li>
      ))}
    </ul>
  );
}
