import { useState } from 'react';
import { CalendarCheck, CalendarX } from 'lucide-react';
import { confirm } from '../../../shell/confirm.tsx';
import { Button, EmptyState, ErrorState, LoadingBlock } from '../../../ui/index.ts';
import { errorText } from '../../../api/mutation.ts';
import { useCancelOwnBooking, usePublicSlots, useRescheduleOwnBooking, useSchedule, type Booking } from '../api.ts';
import { SlotPicker } from './SlotPicker.tsx';

const fmt = (ms: number) =>
  new Intl.DateTimeFormat(undefined, { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(ms);
const zone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** The host picks another of its free times for a booking. */
function MoveBooking({ username, booking, onDone }: { username: string; booking: Booking; onDone: () => void }) {
  const slots = usePublicSlots(username, booking.meetingType);
  const move = useRescheduleOwnBooking();
  if (slots.isLoading) return <LoadingBlock label="Loading free times" />;
  if (slots.isError || !slots.data) return <ErrorState title="Free times could not be loaded" message={errorText(slots.error)} />;
  return (
    <div className="mt-2 flex flex-col gap-2" role="group" aria-label={`New time for ${booking.name}`}>
      {slots.data.slots.length === 0 ? (
        <p className="text-sm text-slate-600">No other free times in the next two weeks.</p>
      ) : (
        <SlotPicker
          slots={slots.data.slots}
          zone={zone()}
          onPick={(s) => move.mutate({ id: booking.id, start: s.start }, { onSuccess: onDone })}
        />
      )}
      <Button size="sm" variant="secondary" onClick={onDone}>
        Keep the current time
      </Button>
    </div>
  );
}

/** Standing bookings from now on, soonest first; each can be moved or cancelled (the visitor is told). */
export function UpcomingBookings() {
  const q = useSchedule();
  const cancel = useCancelOwnBooking();
  const [moving, setMoving] = useState<number | null>(null);
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
  const cancelOne = async (b: Booking) => {
    const ok = await confirm({
      icon: <CalendarX className="size-6 text-red-600" aria-hidden />,
      title: `Cancel the meeting with ${b.name}?`,
      message: `${fmt(b.start)}. ${b.name} is told by e-mail${b.phone ? ' and text' : ''}.`,
      confirmText: 'Cancel meeting',
      confirmColor: 'red',
    });
    if (ok) cancel.mutate(b.id);
  };
  return (
    <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white" aria-label="Upcoming meetings">
      {list.map((b) => (
        <li key={b.id} className="flex flex-col px-4 py-3 text-sm">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium text-slate-900">
              {fmt(b.start)} · {b.name}
            </span>
            <span className="ml-auto flex gap-2">
              <Button
                size="sm"
                variant="secondary"
                aria-expanded={moving === b.id}
                onClick={() => setMoving(moving === b.id ? null : b.id)}
              >
                Reschedule
              </Button>
              <Button size="sm" variant="secondary" onClick={() => void cancelOne(b)} aria-label={`Cancel the meeting with ${b.name}`}>
                Cancel
              </Button>
            </span>
          </div>
          <span className="text-slate-600">{[b.email, b.phone, b.notes].filter(Boolean).join(' · ')}</span>
          {moving === b.id && q.data ? <MoveBooking username={q.data.username} booking={b} onDone={() => setMoving(null)} /> : null}
        </li>
      ))}
    </ul>
  );
}
