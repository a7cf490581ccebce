import { CALL_DIRECTIONS, CALL_STATUSES } from '@switchboard/core/contracts/calls';
import type { CallFilter } from '../api.ts';
import { FilterSelect } from './FilterSelect.tsx';

const field = 'rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900';

/** Filters of the call log: direction, status, agent, number and date range (GET /api/v1/calls query). */
export function CallFilters({
  value,
  onChange,
  agents = [],
}: {
  value: CallFilter;
  onChange: (f: CallFilter) => void;
  agents?: { id: number; name: string }[];
}) {
  const text = (label: string, key: 'number' | 'dateFrom' | 'dateTo', type: 'search' | 'date', placeholder?: string) => (
    <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
      {label}
      <input
        className={field}
        type={type}
        placeholder={placeholder}
        inputMode={type === 'search' ? 'tel' : undefined}
        value={value[key] ?? ''}
        onChange={(e) => {
          const v = type === 'search' ? e.target.value.replace(/[^0-9+]/g, '') : e.target.value;
          onChange({ ...value, [key]: v.replace(/^\+?$/, '') || undefined });
        }}
      />
    </label>
  );
  return (
    <div className="flex flex-wrap gap-3">
      <FilterSelect
        label="Direction"
        value={value.direction}
        options={CALL_DIRECTIONS}
        text={(d) => (d === 'web' ? 'Test calls' : d[0]!.toUpperCase() + d.slice(1))}
        onChange={(direction) => onChange({ ...value, direction })}
      />
      <FilterSelect
        label="Status"
        value={value.status}
        options={CALL_STATUSES}
        text={(s) => s.replace('-', ' ')}
        onChange={(status) => onChange({ ...value, status })}
      />
      {agents.length > 0 && (
        <FilterSelect
          label="Agent"
          value={value.agentId == null ? undefined : String(value.agentId)}
          options={agents.map((a) => String(a.id))}
          text={(id) => agents.find((a) => String(a.id) === id)?.name ?? id}
          onChange={(id) => onChange({ ...value, agentId: id ? Number(id) : undefined })}
        />
      )}
      {text('Number', 'number', 'search', 'Digits of either number')}
      {text('From', 'dateFrom', 'date')}
      {text('To', 'dateTo', 'date')}
    </div>
  );
}
