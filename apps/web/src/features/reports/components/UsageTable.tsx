import { compactCount } from '@switchboard/core/rules/format';
import { USAGE_ITEMS } from '@switchboard/core/rules/usage';
import type { UsageResponse } from '../api.ts';
import { formatMicroUsd, ITEM_LABELS } from '../dates.ts';
import { ReportTable } from './ReportTable.tsx';

/** Every counter per date (rows with no usage left out), with the day's cost. */
export function UsageTable({ data }: { data: UsageResponse }) {
  const dates = Object.keys(data.results.tokens ?? {}).filter((d) => USAGE_ITEMS.some((i) => (data.results[i]?.[d] ?? 0) > 0));
  if (dates.length === 0) return null;
  const columns = [
    { label: 'Date' },
    ...USAGE_ITEMS.map((i) => ({ label: ITEM_LABELS[i]!, numeric: true })),
    { label: 'Cost', numeric: true },
  ];
  return (
    <ReportTable label="Usage per date" columns={columns} className="min-w-[36rem]" data-usage-table>
      {dates.map((d) => (
        <tr key={d}>
          <th scope="row" className="py-2 pr-3 font-normal text-slate-700">
            {d}
          </th>
          {USAGE_ITEMS.map((i) => (
            <td key={i} className="py-2 pr-3 text-right tabular-nums">
              {compactCount(data.results[i]?.[d] ?? 0)}
            </td>
          ))}
          <td className="py-2 text-right tabular-nums">{formatMicroUsd(data.combinedCosts?.[d] ?? 0)}</td>
        </tr>
      ))}
    </ReportTable>
  );
}
