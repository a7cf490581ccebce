import { CALL_DIRECTIONS, CALL_STATUSES } from '@switchboard/core/contracts/calls';
import type { CallFilter } from '../api.ts';
import { FilterSelect } from './FilterSelect.tsx';

/** Filters of the call log: direction and status. */
export function CallFilters({ value, onChange }: { value: CallFilter; onChange: (f: CallFilter) => void }) {
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
    </div>
  );
}
