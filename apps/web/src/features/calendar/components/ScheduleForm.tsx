import { useState, type FormEvent } from 'react';
import { errorText, fieldError, isFieldError } from '../../../api/mutation.ts';
import { Button, Field } from '../../../ui/index.ts';
import { useSaveSchedule, type Schedule, type ScheduleAnswer } from '../api.ts';
import { MeetingTypes } from './MeetingTypes.tsx';
import { WeekHours } from './WeekHours.tsx';

const ZONES: string[] = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['UTC'];

/** The schedule's fields, saved together. */
export function ScheduleForm({ answer }: { answer: ScheduleAnswer }) {
  const [s, setS] = useState<Schedule>(answer.schedule);
  const save = useSaveSchedule();
  const e = save.error;
  const zones = ZONES.includes(s.timezone) ? ZONES : [s.timezone, ...ZONES];
  const link = `${location.origin}/schedule?host=${encodeURIComponent(answer.username)}${s.meetingTypes[0] ? `&meetingType=${s.meetingTypes[0].id}` : ''}`;
  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    save.mutate(s);
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-5" noValidate>
      <p className="text-sm text-slate-600">
        Your booking page:{' '}
        <a className="break-all text-brand-700 underline" href={link}>
          {link}
        </a>
      </p>
      <Field label="Time zone" error={fieldError(e, 'timezone')}>
        {(a11y) => (
          <select
            {...a11y}
            className="rounded-lg px-3 py-2.5 text-sm ring-1 ring-slate-300 focus:ring-2 focus:ring-brand-600 focus:outline-none"
            value={s.timezone}
            onChange={(x) => setS({ ...s, timezone: x.target.value })}
          >
            {zones.map((z) => (
              <option key={z} value={z}>
                {z.replace(/_/g, ' ')}
              </option>
            ))}
          </select>
        )}
      </Field>
      <WeekHours hours={s.hours} onChange={(hours) => setS({ ...s, hours })} error={fieldError(e, 'hours')} />
      <MeetingTypes types={s.meetingTypes} onChange={(meetingTypes) => setS({ ...s, meetingTypes })} fieldErr={(f) => fieldError(e, f)} />
      {e && !isFieldError(e) ? (
        <p role="alert" className="text-sm text-red-700">
          {errorText(e)}
        </p>
      ) : e && fieldError(e, 'meetingTypes') && !/\d/.test((e as { field?: string }).field ?? '') ? (
        <p role="alert" className="text-sm text-red-700">
          Meeting types: {fieldError(e, 'meetingTypes')}
        </p>
      ) : null}
      <Button type="submit" className="self-end" loading={save.isPending}>
        Save availability
      </Button>
    </form>
  );
}
