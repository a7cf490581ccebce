import { CALL_DIRECTIONS, CALL_STATUSES } from '@switchboard/core/contracts/calls';
import type { CallFilter } from '../api.ts';

const select = 'rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900';

/** Filters of the call log: direction and status. */
export function CallFilters({ value, onChange }: { value: CallFilter; onChange: (f: CallFilter) => void }) {
  return (
    <div className="flex flex-wrap gap-3">
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
        Direction
        <select
          className={select}
          value={value.direction ?? ''}
          onChange={(e) => onChange({ ...value, direction: (e.target.value || undefined) as CallFilter['direction'] })}
        >
          <option value="">All</option>
          {CALL_DIRECTIONS.map((d) => (
            <option key={d} value={d}>
              {d === 'web' ? 'Test calls' : d[0]!.toUpperCase() + d.slice(1)}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
        Status
        <select
          className={select}
          value={value.status ?? ''}
          onChange={(e) => onChange({ ...value, status: (e.target.value || undefined) as CallFilter['status'] })}
        >
          <option value="">All</option>
          {CALL_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s.replace('-', ' ')}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
