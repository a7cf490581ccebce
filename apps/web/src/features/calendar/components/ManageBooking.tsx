import { useMemo, useState } from 'react';
import { CalendarX } from 'lucide-react';
import { errorText } from '../../../api/mutation.ts';
import { Button, EmptyState, ErrorState, LoadingBlock } from '../../../ui/index.ts';
import { useManageBooking, useManagedBooking, usePublicSlots } from '../api.ts';
import { SlotPicker } from './SlotPicker.tsx';

const visitorZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** /schedule?host=…&booking=<id>&token=…: the visitor sees the booking, moves it to another free time, or cancels it. */
export function ManageBooking({ id, token }: { id: number; token: string }) {
  const zone = useMemo(visitorZone, []);
  const q = useManagedBooking(id, token);
  const { cancel, reschedule } = useManageBooking(id, token);
  const [moving, setMoving] = useState(false);
  const slots = usePublicSlots(moving ? (q.data?.host.username ?? '') : '', q.data?.booking.meetingType ?? null);
  if (q.isLoading) return <LoadingBlock label="Loading your booking" />;
  if (q.isError || !q.data) return <ErrorState title="Booking not found" message={errorText(q.error)} />;
  const { booking, host, meetingType } = q.data;
  const when = new Intl.DateTimeFormat(undefined, {
    timeZone: zone,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
  const title = `${meetingType} with ${host.name}`;
  if (booking.status === 'cancelled')
    return (
      <EmptyState
        icon={<CalendarX className="size-6" aria-hidden="true" />}
        title="This meeting is cancelled"
        message={`${title}, ${when.format(booking.start)}.`}
      />
    );
  return (
    <div className="flex flex-col gap-4">
      <header>
        <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
        <p className="text-sm text-slate-600" aria-live="polite">
          Booked for {when.format(booking.start)} (your time zone, {zone.replace(/_/g, ' ')})
        </p>
      </header>
      {reschedule.error ? (
        <p role="alert" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          {errorText(reschedule.error)} Please pick another time.
        </p>
      ) : null}
      {moving ? (
        slots.isLoading ? (
          <LoadingBlock label="Loading free times" />
        ) : slots.isError || !slots.data ? (
          <ErrorState title="Free times could not be loaded" message={errorText(slots.error)} />
        ) : slots.data.slots.length === 0 ? (
          <EmptyState title="No free times" message="There are no other free times in the next two weeks." />
        ) : (
          <section aria-label="Pick a new time" className="flex flex-col gap-3">
            <SlotPicker
              slots={slots.data.slots}
              zone={zone}
              onPick={(s) =>
                reschedule.mutate(s.start, {
                  onSuccess: () => setMoving(false),
                  onError: () => void slots.refetch(),
                })
              }
            />
            <Button variant="secondary" onClick={() => setMoving(false)}>
              Keep the current time
            </Button>
          </section>
        )
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => setMoving(true)}>Reschedule</Button>
          <Button variant="secondary" loading={cancel.isPending} onClick={() => cancel.mutate(undefined)}>
            Cancel meeting
          </Button>
        </div>
      )}
    </div>
  );
}
