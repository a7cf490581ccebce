import { compactCount } from '@switchboard/core/rules/format';
import { USAGE_ITEMS } from '@switchboard/core/rules/usage';
import type { UsageResponse } from '../api.ts';
import { formatMicroUsd, ITEM_LABELS } from '../dates.ts';

/** Every counter per date (rows with no usage left out), with the day's cost. */
export function UsageTable({ data }: { data: UsageResponse }) {
  const dates = Object.keys(data.results.tokens ?? {}).filter((d) => USAGE_ITEMS.some((i) => (data.results[i]?.[d] ?? 0) > 0));
  if (dates.length === 0) return null;
  return (
    <div
      className="overflow-x-auto rounded focus-visible:outline-2 focus-visible:outline-brand-600"
      tabIndex={0}
      role="region"
      aria-label="Usage per date"
    >
      <table className="w-full min-w-[36rem] text-left text-sm" data-usage-table>
        <caption className="sr-only">Usage per date</caption>
        <thead className="text-xs text-slate-600">
          <tr>
            <th scope="col" className="py-2 pr-3 font-medium">
              Date
            </th>
            {USAGE_ITEMS.map((i) => (
              <th key={i} scope="col" className="py-2 pr-3 text-right font-medium">
                {ITEM_LABELS[i]}
              </th>
            ))}
            <th scope="col" className="py-2 text-right font-medium">
              Cost
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
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
        </tbody>
      </table>
    </div>
  );
}
