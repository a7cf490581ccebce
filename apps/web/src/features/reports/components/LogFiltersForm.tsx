import { LOG_KINDS } from '@switchboard/core/rules/logs';
import { addDays } from '@switchboard/core/rules/usage';
import { useOrgDay, type LogFilters } from '../api.ts';
import { dayIn, startOfDateIn } from '../dates.ts';
import { Field, Input } from '../../../ui/index.ts';
import { Select } from './Select.tsx';

const KIND_LABELS: Record<string, string> = {
  call: 'Calls',
  message: 'Messages',
  agent_turn: 'Agent turns',
  function: 'Agent actions',
  webhook: 'Webhooks',
  error: 'Errors',
};
// Dates are the organization's days (its time zone), as Reports count usage.
const dayOf = (tz: string | undefined, ms?: number) => (ms == null ? '' : dayIn(tz, ms));
const msOf = (tz: string | undefined, date: string, end = false) => (date ? startOfDateIn(tz, end ? addDays(date, 1) : date) : undefined);

/** The log filters: kind, text, contact, and a day range. */
export function LogFiltersForm({ value, onChange }: { value: LogFilters; onChange: (v: LogFilters) => void }) {
  const tz = useOrgDay().data?.timezone;
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-5">
      <Field label="Kind">
        {(p) => (
          <Select {...p} value={value.kind ?? ''} onChange={(e) => onChange({ ...value, kind: e.target.value as LogFilters['kind'] })}>
            <option value="">All kinds</option>
            {LOG_KINDS.map((k) => (
              <option key={k} value={k}>
                {KIND_LABELS[k]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Text">
        {(p) => <Input {...p} type="search" value={value.text ?? ''} onChange={(e) => onChange({ ...value, text: e.target.value })} />}
      </Field>
      <Field label="Contact">
        {(p) => <Input {...p} value={value.contact ?? ''} onChange={(e) => onChange({ ...value, contact: e.target.value.trim() })} />}
      </Field>
      <Field label="From day">
        {(p) => (
          <Input
            {...p}
            type="date"
            value={dayOf(tz, value.startTime)}
            onChange={(e) => onChange({ ...value, startTime: msOf(tz, e.target.value) })}
          />
        )}
      </Field>
      <Field label="To day">
        {(p) => (
          <Input
            {...p}
            type="date"
            value={dayOf(tz, value.endTime == null ? undefined : value.endTime - 1)}
            onChange={(e) => onChange({ ...value, endTime: msOf(tz, e.target.value, true) })}
          />
        )}
      </Field>
    </div>
  );
}
