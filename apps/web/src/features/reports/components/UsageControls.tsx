import { USAGE_FREQUENCIES } from '@switchboard/core/rules/usage';
import type { UsageParams } from '../api.ts';
import { Field, Input } from '../../../ui/index.ts';
import { Select } from './Select.tsx';

const FREQUENCY_LABELS = { day: 'Daily', week: 'Weekly', month: 'Monthly' } as const;

/** Two date fields, From and To (each limits the other). `error` shows under To (the server names endDate). */
export function DateRangeFields({
  value,
  onChange,
  error,
}: {
  value: { startDate: string; endDate: string };
  onChange: (v: { startDate: string; endDate: string }) => void;
  error?: string | null;
}) {
  return (
    <>
      <Field label="From">
        {(p) => (
          <Input
            {...p}
            type="date"
            value={value.startDate}
            max={value.endDate}
            onChange={(e) => e.target.value && onChange({ ...value, startDate: e.target.value })}
          />
        )}
      </Field>
      <Field label="To" error={error}>
        {(p) => (
          <Input
            {...p}
            type="date"
            value={value.endDate}
            min={value.startDate}
            onChange={(e) => e.target.value && onChange({ ...value, endDate: e.target.value })}
          />
        )}
      </Field>
    </>
  );
}

/** The period (two dates) and the frequency of the usage report. */
export function UsageControls({ value, onChange }: { value: UsageParams; onChange: (v: UsageParams) => void }) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      <DateRangeFields value={value} onChange={(range) => onChange({ ...value, ...range })} />
      <Field label="Frequency" className="col-span-2 sm:col-span-1">
        {(p) => (
          <Select
            {...p}
            value={value.frequency}
            onChange={(e) => onChange({ ...value, frequency: e.target.value as UsageParams['frequency'] })}
          >
            {USAGE_FREQUENCIES.map((f) => (
              <option key={f} value={f}>
                {FREQUENCY_LABELS[f]}
              </option>
            ))}
          </Select>
        )}
      </Field>
    </div>
  );
}
