import { Plus, X } from 'lucide-react';
import type { Weekday } from '@switchboard/core/contracts/calendar';
import { Button } from '../../../ui/index.ts';
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

type Stretch = { start: string; end: string };

// A time field cannot show 24:00: the end of the day shows as 00:00 (midnight), and an end of 00:00 is
// read back as 24:00 (an end at the start of the day means nothing else).
export const endShown = (end: string) => (end === '24:00' ? '00:00' : end);
export const endSaved = (shown: string) => (shown === '00:00' ? '24:00' : shown);

const MAX_STRETCHES = 6;
const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));
const clockOf = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** The stretch "Add hours" proposes after the day's last one: from an hour after it ends until midnight (null: the day is full). */
export function nextStretch(last: Stretch): Stretch | null {
  const start = minutesOf(last.end) + 60;
  return start < 24 * 60 ? { start: clockOf(start), end: '24:00' } : null;
}

/** Working hours per weekday: closed, or one or more stretches (a split day keeps every stretch). */
export function WeekHours({
  hours,
  onChange,
  error,
}: {
  hours: Schedule['hours'];
  onChange: (h: Schedule['hours']) => void;
  error?: string | null;
}) {
  const setDay = (day: Weekday, stretches: Stretch[]) => onChange({ ...hours, [day]: stretches });
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium text-slate-700">Working hours</legend>
      {ORDER.map((day) => {
        const stretches = hours[day];
        const open = stretches.length > 0;
        const change = (i: number, v: Stretch) =>
          setDay(
            day,
            stretches.map((s, j) => (j === i ? v : s)),
          );
        return (
          <div key={day} className="flex flex-wrap items-start gap-2">
            <label className="flex w-32 items-center gap-2 py-1.5 text-sm text-slate-800">
              <input
                type="checkbox"
                checked={open}
                onChange={(e) => setDay(day, e.target.checked ? [{ start: '09:00', end: '17:00' }] : [])}
              />
              {LABEL[day]}
            </label>
            {open ? (
              <div className="flex flex-col gap-2">
                {stretches.map((s, i) => {
                  const name = stretches.length > 1 ? `${LABEL[day]} (${i + 1})` : LABEL[day];
                  return (
                    <div key={i} className="flex items-center gap-2">
                      <input
                        type="time"
                        aria-label={`${name} from`}
                        className={timeClass}
                        value={s.start}
                        onChange={(e) => change(i, { ...s, start: e.target.value })}
                      />
                      <span className="text-sm text-slate-500" aria-hidden="true">
                        –
                      </span>
                      <input
                        type="time"
                        aria-label={`${name} until`}
                        className={timeClass}
                        value={endShown(s.end)}
                        onChange={(e) => change(i, { ...s, end: endSaved(e.target.value) })}
                      />
                      {stretches.length > 1 && (
                        <Button
                          variant="ghost"
                          size="xs"
                          aria-label={`Remove ${name}`}
                          onClick={() =>
                            setDay(
                              day,
                              stretches.filter((_, j) => j !== i),
                            )
                          }
                        >
                          <X className="size-4" aria-hidden />
                        </Button>
                      )}
                    </div>
                  );
                })}
              </div>
            ) : (
              <span className="py-1.5 text-sm text-slate-500">Closed</span>
            )}
            {open && stretches.length < MAX_STRETCHES && nextStretch(stretches.at(-1)!) && (
              <Button
                variant="ghost"
                size="xs"
                className="mt-1"
                aria-label={`Add hours on ${LABEL[day]}`}
                onClick={() => setDay(day, [...stretches, nextStretch(stretches.at(-1)!)!])}
              >
                <Plus className="size-4" aria-hidden /> Add hours
              </Button>
            )}
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
