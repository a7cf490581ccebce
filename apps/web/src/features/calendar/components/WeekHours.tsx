import type { Weekday } from '@switchboard/core/contracts/calendar';
import type { Schedule } from '../api.ts';

const LABEL: Record<Weekday, string> = {
  sun: 'Sunday',
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
};
const ORDER: Weekday[] = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
const timeClass =
  'rounded-lg px-2 py-1.5 text-sm ring-1 ring-slate-300 focus:ring-2 focus:ring-brand-600 focus:outline-none disabled:bg-slate-100';

/** Working hours per weekday: open or closed, from and until (one stretch a day). */
export function WeekHours({
  hours,
  onChange,
  error,
}: {
  hours: Schedule['hours'];
  onChange: (h: Schedule['hours']) => void;
  error?: string | null;
}) {
  const set = (day: Weekday, v: { start: string; end: string } | null) => onChange({ ...hours, [day]: v ? [v] : [] });
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium text-slate-700">Working hours</legend>
      {ORDER.map((day) => {
        const iv = hours[day][0];
        return (
          <div key={day} className="flex flex-wrap items-center gap-2">
            <label className="flex w-32 items-center gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                checked={!!iv}
                onChange={(e) => set(day, e.target.checked ? { start: '09:00', end: '17:00' } : null)}
              />
              {LABEL[day]}
            </label>
            <input
              type="time"
              aria-label={`${LABEL[day]} from`}
              className={timeClass}
              disabled={!iv}
              value={iv?.start ?? ''}
              onChange={(e) => iv && set(day, { ...iv, start: e.target.value })}
            />
            <span className="text-sm text-slate-500" aria-hidden="true">
              –
            </span>
            <input
              type="time"
              aria-label={`${LABEL[day]} until`}
              className={timeClass}
              disabled={!iv}
              value={iv?.end ?? ''}
              onChange={(e) => iv && set(day, { ...iv, end: e.target.value })}
            />
          </div>
        );
      })}
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
