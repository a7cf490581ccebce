import { USAGE_FREQUENCIES } from '@switchboard/core/rules/usage';
import type { UsageParams } from '../api.ts';
import { Field, Input } from '../../../ui/index.ts';

const FREQUENCY_LABELS = { day: 'Daily', week: 'Weekly', month: 'Monthly' } as const;

/** The period (two dates) and the frequency of the usage report. */
export function UsageControls({ value, onChange }: { value: UsageParams; onChange: (v: UsageParams) => void }) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      <Field label="From">{(p) => <Input {...p} type="date" value={value.startDate} max={value.endDate} onChange={(e) => e.target.value && onChange({ ...value, startDate: e.target.value })} />}</Field>
      <Field label="To">{(p) => <Input {...p} type="date" value={value.endDate} min={value.startDate} onChange={(e) => e.target.value && onChange({ ...value, endDate: e.target.value })} />}</Field>
      <Field label="Frequency" className="col-span-2 sm:col-span-1">
        {(p) => (
          <select
            {...p}
            className="block w-full rounded-lg border-0 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-brand-600 focus:outline-none sm:text-sm"
            value={value.frequency}
            onChange={(e) => onChange({ ...value, frequency: e.target.value as UsageParams['frequency'] })}
          >
            {USAGE_FREQUENCIES.map((f) => (
              <option key={f} value={f}>
                {FREQUENCY_LABELS[f]}
              </option>
            ))}
          </select>
        )}
      </Field>
    </div>
  );
}
