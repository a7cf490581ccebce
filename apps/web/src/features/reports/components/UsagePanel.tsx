import { lazy, Suspense, useState } from 'react';
import { BarChart3 } from 'lucide-react';
import { compactCount } from '@switchboard/core/rules/format';
import { useOrgDay, useUsage, type UsageParams } from '../api.ts';
import { formatMicroUsd, ITEM_LABELS, lastThirtyDays } from '../dates.ts';
import { Card, EmptyState, ErrorState, LoadingBlock, Skeleton } from '../../../ui/index.ts';
import { UsageControls } from './UsageControls.tsx';
import { UsageTable } from './UsageTable.tsx';

// The charting library loads only when a chart is shown.
const UsageChart = lazy(() => import('./UsageChart.tsx'));

const SHOWN = ['inbound-message', 'outbound-message', 'tokens', 'voice'] as const;

/** Usage over a period: totals (compact counts), a chart of messages, the cost, and the table of every counter. */
export function UsagePanel() {
  // The default period is the organization's last 30 days (its time zone), known once its day is read.
  const day = useOrgDay();
  const [chosen, setParams] = useState<UsageParams | null>(null);
  const params: UsageParams | null = chosen ?? (day.isPending ? null : { ...lastThirtyDays(day.data?.timezone), frequency: 'day' });
  const q = useUsage(params);
  const data = q.data;
  const empty = data && Object.values(data.totals).every((n) => n === 0);
  return (
    <Card className="flex flex-col gap-4 p-5" aria-labelledby="usage-title">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="usage-title" className="text-base font-semibold text-slate-900">
          Usage
        </h2>
        {data?.totalCost != null && (
          <p className="text-sm text-slate-600">
            Cost{' '}
            <span className="font-semibold text-slate-900" data-total-cost>
              {formatMicroUsd(data.totalCost)}
            </span>
          </p>
        )}
      </div>
      {params && <UsageControls value={params} onChange={setParams} />}
      {q.isError ? (
        <ErrorState message={(q.error as Error).message} />
      ) : !data ? (
        <LoadingBlock />
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {SHOWN.map((item) => (
              <div key={item} className="rounded-lg bg-slate-50 px-3 py-2" data-total={item}>
                <dt className="text-xs text-slate-600">{ITEM_LABELS[item]}</dt>
                <dd className="text-lg font-semibold text-slate-900">{compactCount(data.totals[item] ?? 0)}</dd>
              </div>
            ))}
          </dl>
          {empty ? (
            <EmptyState
              icon={<BarChart3 className="size-6" />}
              title="No usage in this period"
              message="Messages, model tokens and calls appear here as your agents work."
            />
          ) : (
            <Suspense fallback={<Skeleton className="h-56 w-full" />}>
              <UsageChart results={data.results} />
            </Suspense>
          )}
          <UsageTable data={data} />
        </>
      )}
    </Card>
  );
}
