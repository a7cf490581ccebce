import { BarChart3 } from 'lucide-react';
import { errorText } from '../../../api/mutation.ts';
import { Card, EmptyState, ErrorState, Skeleton } from '../../../ui/index.ts';
import { useLinkStats } from '../api.ts';
import { StatsBreakdown } from './StatsBreakdown.tsx';

const pct = (n: number) => `${(n * 100).toFixed(1)}%`;

/** Views, clicks and click-through rate over the last 30 days, per link and per day. */
export function LinkStatsCard() {
  const stats = useLinkStats(30);
  return (
    <Card>
      <div className="p-4 sm:p-5">
        <h2 className="text-base font-semibold text-slate-900">Last 30 days</h2>
        {stats.isPending ? (
          <Skeleton className="mt-3 h-24 w-full" />
        ) : stats.isError ? (
          <ErrorState title="We could not load the statistics" message={errorText(stats.error)} />
        ) : stats.data.views + stats.data.clicks === 0 ? (
          <EmptyState
            icon={<BarChart3 className="size-6" aria-hidden="true" />}
            title="No visits yet"
            message="Share your page: views and clicks show here."
          />
        ) : (
          <>
            <dl className="mt-3 grid grid-cols-3 gap-2 text-center">
              {[
                ['Views', String(stats.data.views)],
                ['Clicks', String(stats.data.clicks)],
                ['Click-through', pct(stats.data.ctr)],
              ].map(([k, v]) => (
                <div key={k} className="rounded-lg bg-slate-50 p-2">
                  <dt className="text-xs text-slate-600">{k}</dt>
                  <dd className="text-lg font-semibold text-slate-900" data-stat={k}>
                    {v}
                  </dd>
                </div>
              ))}
            </dl>
            <table className="mt-4 w-full text-left text-sm">
              <caption className="sr-only">Clicks per link</caption>
              <thead className="text-slate-600">
                <tr>
                  <th scope="col">Link</th>
                  <th scope="col" className="text-right">
                    Clicks
                  </th>
                  <th scope="col" className="text-right">
                    CTR
                  </th>
                </tr>
              </thead>
              <tbody>
                {stats.data.links.map((l) => (
                  <tr key={l.id} data-link-stats={l.id} className="border-t border-slate-100">
                    <td className="py-1.5">{l.title ?? 'Removed link'}</td>
                    <td className="text-right">{l.clicks}</td>
                    <td className="text-right">{pct(l.ctr)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {stats.data.referrers.length > 0 && (
              <p className="mt-3 text-sm text-slate-600">
                Top referrers:{' '}
                {stats.data.referrers
                  .slice(0, 5)
                  .map((r) => `${r.referrer} (${r.count})`)
                  .join(', ')}
              </p>
            )}
            <StatsBreakdown stats={stats.data} />
          </>
        )}
      </div>
    </Card>
  );
}
