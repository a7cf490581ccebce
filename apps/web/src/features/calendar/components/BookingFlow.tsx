import { useMemo, useState } from 'react';
import { CalendarClock } from 'lucide-react';
import { errorText } from '../../../api/mutation.ts';
import { Button, EmptyState, ErrorState, LoadingBlock } from '../../../ui/index.ts';
import { usePublicSlots } from '../api.ts';
import { BookingForm } from './BookingForm.tsx';
import { BookingDone } from './BookingDone.tsx';
import { SlotPicker } from './SlotPicker.tsx';

const visitorZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** The public booking page: the host's free slots in the visitor's time zone, a form, a confirmation. */
export function BookingFlow({ host, meetingType }: { host: string; meetingType: string | null }) {
  const zone = useMemo(visitorZone, []);
  const slots = usePublicSlots(host, meetingType);
  const [picked, setPicked] = useState<{ start: number; end: number } | null>(null);
  const [done, setDone] = useState<{ start: number; end: number; manageUrl?: string } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  if (!host)
    return (
      <EmptyState
        icon={<CalendarClock className="size-6" aria-hidden="true" />}
        title="Book a meeting"
        message="This booking link is missing its host. Ask the person who sent it for a new link."
      />
    );
  if (slots.isLoading) return <LoadingBlock label="Loading free times" />;
  if (slots.isError || !slots.data) return <ErrorState title="Booking page not found" message={errorText(slots.error)} />;
  const data = slots.data;
  const mt = data.meetingType;

  return (
    <div className="flex flex-col gap-4">
      <header>
        <h1 className="text-xl font-semibold text-slate-900">{mt ? `${mt.name} with ${data.host.name}` : `Book with ${data.host.name}`}</h1>
        {mt ? (
          <p className="text-sm text-slate-600">
            {mt.minutes} minutes · times shown in your time zone ({zone.replace(/_/g, ' ')})
          </p>
        ) : null}
      </header>
      {done && mt ? (
        <BookingDone start={done.start} end={done.end} zone={zone} title={`${mt.name} with ${data.host.name}`} manageUrl={done.manageUrl} />
      ) : !mt ? (
        <EmptyState title="Nothing to book" message={`${data.host.name} has no meeting types open for booking.`} />
      ) : picked ? (
        <BookingForm
          host={host}
          meetingType={mt.id}
          slot={picked}
          zone={zone}
          onBack={() => setPicked(null)}
          onBooked={(b) => {
            setDone(b);
            setNotice(null);
          }}
          onTaken={(msg) => {
            setNotice(msg);
            setPicked(null);
            void slots.refetch();
          }}
        />
      ) : (
        <>
          {notice ? (
            <p role="alert" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
              {notice} Please pick another time.
            </p>
          ) : null}
          {data.slots.length === 0 ? (
            <EmptyState
              title="No free times"
              message="There are no free times in the next two weeks."
              action={<Button onClick={() => void slots.refetch()}>Check again</Button>}
            />
          ) : (
            <SlotPicker slots={data.slots} zone={zone} onPick={setPicked} />
          )}
        </>
      )}
    </div>
  );
}
