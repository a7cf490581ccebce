import { useMemo, useState } from 'react';
import { Users } from 'lucide-react';
import { compactCount, formatDuration } from '@switchboard/core/rules/format';
import { fieldError } from '../../../api/mutation.ts';
import { Card, EmptyState, ErrorState, LoadingBlock } from '../../../ui/index.ts';
import { totalsByAgent, type AgentTotals } from '../agentTotals.ts';
import { useCampaignStats, useOrgDay } from '../api.ts';
import { lastThirtyDays } from '../dates.ts';
import { ReportTable } from './ReportTable.tsx';
import { DateRangeFields } from './UsageControls.tsx';

const COLUMNS: { label: string; value: (t: AgentTotals) => string }[] = [
  { label: 'Conversations', value: (t) => compactCount(t.conversations) },
  { label: 'Calls', value: (t) => compactCount(t.calls) },
  { label: 'Answered', value: (t) => compactCount(t.callsAnswered) },
  { label: 'Average call', value: (t) => (t.callsAnswered ? formatDuration(t.answeredSeconds / t.callsAnswered) : '–') },
  { label: 'Transfers', value: (t) => compactCount(t.transfers) },
  { label: 'Messages taken', value: (t) => compactCount(t.messagesTaken) },
  { label: 'Bookings', value: (t) => compactCount(t.bookings) },
  { label: 'Rating', value: (t) => (t.ratings ? `${(t.ratingTotal / t.ratings).toFixed(1)} (${compactCount(t.ratings)})` : '–') },
];

/** Campaign statistics: what each agent did over a period (conversations, calls, transfers, bookings, ratings). */
export function AgentsPanel() {
  // The default period is the organization's last 30 days (its time zone), known once its day is read.
  const day = useOrgDay();
  const [chosen, setRange] = useState<{ startDate: string; endDate: string } | null>(null);
  const range = chosen ?? (day.isPending ? null : lastThirtyDays(day.data?.timezone));
  const q = useCampaignStats(range);
  const rows = useMemo(() => (q.data ? totalsByAgent(q.data.stats) : []), [q.data]);
  const rangeError = fieldError(q.error, 'endDate', 'startDate');
  return (
    <Card className="flex flex-col gap-4 p-5" aria-labelledby="agents-stats-title">
      <div>
        <h2 id="agents-stats-title" className="text-base font-semibold text-slate-900">
          Agents
        </h2>
        <p className="text-sm text-slate-600">Per agent, counted on your organization’s own days (its business hours’ time zone).</p>
      </div>
      <div className="grid grid-cols-2 gap-3 sm:max-w-md">
        {range && <DateRangeFields value={range} onChange={setRange} error={rangeError} />}
      </div>
      {q.isError ? (
        rangeError ? null : (
          <ErrorState message={(q.error as Error).message} />
        )
      ) : !q.data ? (
        <LoadingBlock />
      ) : rows.length === 0 ? (
        <EmptyState
          icon={<Users className="size-6" />}
          title="No agent activity in this period"
          message="Conversations and calls show here per agent."
        />
      ) : (
        <ReportTable
          label="Figures per agent"
          columns={[{ label: 'Agent' }, ...COLUMNS.map((c) => ({ label: c.label, numeric: true }))]}
          className="min-w-[44rem]"
          data-agents-table
        >
          {rows.map((t) => (
            <tr key={t.key} data-agent-row={t.key}>
              <th scope="row" className="py-2 pr-3 font-normal text-slate-700">
                {t.key === 'organization' ? `${t.name} (shared inbox)` : t.name}
              </th>
              {COLUMNS.map((c) => (
                <td key={c.label} className="py-2 pr-3 text-right tabular-nums">
                  {c.value(t)}
                </td>
              ))}
            </tr>
          ))}
        </ReportTable>
      )}
    </Card>
  );
}
