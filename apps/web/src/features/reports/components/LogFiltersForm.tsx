import { LOG_KINDS } from '@switchboard/core/rules/logs';
import type { LogFilters } from '../api.ts';
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
const DAY_MS = 86_400_000;
const dayOf = (ms?: number) => (ms == null ? '' : new Date(ms).toISOString().slice(0, 10));
const msOf = (date: string, end = false) => (date ? Date.parse(`${date}T00:00:00Z`) + (end ? DAY_MS : 0) : undefined);

/** The log filters: kind, text, contact, and a day range. */
export function LogFiltersForm({ value, onChange }: { value: LogFilters; onChange: (v: LogFilters) => void }) {
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
            value={dayOf(value.startTime)}
            onChange={(e) => onChange({ ...value, startTime: msOf(e.target.value) })}
          />
        )}
      </Field>
      <Field label="To day">
        {(p) => (
          <Input
            {...p}
            type="date"
            value={dayOf(value.endTime == null ? undefined : value.endTime - DAY_MS)}
            onChange={(e) => onChange({ ...value, endTime: msOf(e.target.value, true) })}
          />
        )}
      </Field>
    </div>
  );
}
