import type { LinkStats } from '@switchboard/core';

/** Country names in the browser's language (falls back to the code). */
const regionNames = typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames(undefined, { type: 'region' }) : null;
const countryName = (code: string) => {
  try {
    return regionNames?.of(code) ?? code;
  } catch {
    return code;
  }
};

interface Row {
  key: string;
  label: string;
  views: number;
  clicks: number;
}

/** One breakdown: a label column, views and clicks, the first ten rows, or a line saying there is none. */
function BreakdownTable({ name, first, empty, rows }: { name: string; first: string; empty: string; rows: Row[] }) {
  return (
    <table className="w-full text-left text-sm" data-stats={name.toLowerCase()}>
      <caption className="mb-1 text-left font-medium text-slate-900">{name}</caption>
      <thead className="text-slate-600">
        <tr>
          <th scope="col">{first}</th>
          <th scope="col" className="text-right">
            Views
          </th>
          <th scope="col" className="text-right">
            Clicks
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={3} className="py-1.5 text-slate-600">
              {empty}
            </td>
          </tr>
        ) : (
          rows.slice(0, 10).map((r) => (
            <tr key={r.key} className="border-t border-slate-100">
              <td className="py-1.5">{r.label}</td>
              <td className="text-right">{r.views}</td>
              <td className="text-right">{r.clicks}</td>
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}

/** Views and clicks per country and per campaign (UTM parameters), under the link statistics. */
export function StatsBreakdown({ stats }: { stats: LinkStats }) {
  const campaign = (c: LinkStats['campaigns'][number]) => [c.source, c.medium, c.campaign].map((v) => v ?? '–').join(' / ');
  return (
    <div className="mt-4 grid gap-4 sm:grid-cols-2">
      <BreakdownTable
        name="Countries"
        first="Country"
        empty="Not known yet."
        rows={stats.countries.map((c) => ({ key: c.country, label: countryName(c.country), views: c.views, clicks: c.clicks }))}
      />
      <BreakdownTable
        name="Campaigns"
        first="Source / medium / campaign"
        empty="No campaign links used yet: make one under Share."
        rows={stats.campaigns.map((c) => ({ key: campaign(c), label: campaign(c), views: c.views, clicks: c.clicks }))}
      />
    </div>
  );
}
