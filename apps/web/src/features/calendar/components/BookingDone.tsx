import { CircleCheck } from 'lucide-react';

/** The confirmation after booking. */
export function BookingDone({
  start,
  end,
  zone,
  title,
  manageUrl,
}: {
  start: number;
  end: number;
  zone: string;
  title: string;
  manageUrl?: string;
}) {
  const day = new Intl.DateTimeFormat(undefined, { timeZone: zone, weekday: 'long', month: 'long', day: 'numeric' }).format(start);
  const t = new Intl.DateTimeFormat(undefined, { timeZone: zone, hour: 'numeric', minute: '2-digit' });
  return (
    <div role="status" className="flex flex-col items-center gap-2 rounded-xl bg-emerald-50 p-6 text-center">
      <CircleCheck className="size-8 text-emerald-700" aria-hidden="true" />
      <h2 className="text-lg font-semibold text-emerald-900">You are booked</h2>
      <p className="text-emerald-900">
        {title}, {day}, {t.format(start)} – {t.format(end)}.
      </p>
      <p className="text-sm text-emerald-800">A confirmation with a calendar invite is on its way to your e-mail.</p>
      {manageUrl ? (
        <a className="text-sm font-medium text-emerald-900 underline" href={manageUrl.replace(/^https?:\/\/[^/]+/, '')}>
          Reschedule or cancel
        </a>
      ) : null}
    </div>
  );
}
