import { compactCount } from '@switchboard/core/rules/format';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ITEM_LABELS } from '../dates.ts';

const SERIES = [
  { item: 'inbound-message', color: '#2563eb' },
  { item: 'outbound-message', color: '#059669' },
] as const;

/** Messages in and out per date as stacked bars (a figure; the same numbers are in the table below it). */
export default function UsageChart({ results }: { results: Record<string, Record<string, number>> }) {
  const dates = Object.keys(results['inbound-message'] ?? {});
  const rows = dates.map((date) => ({
    date: date.slice(5),
    ...Object.fromEntries(SERIES.map((s) => [s.item, results[s.item]?.[date] ?? 0])),
  }));
  return (
    <figure className="h-56 w-full" aria-label="Messages in and out per date">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="date" tick={{ fontSize: 11 }} minTickGap={12} />
          <YAxis tick={{ fontSize: 11 }} allowDecimals={false} tickFormatter={(v: number) => compactCount(v)} />
          <Tooltip />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          {SERIES.map((s) => (
            <Bar key={s.item} dataKey={s.item} name={ITEM_LABELS[s.item]} stackId="m" fill={s.color} isAnimationActive={false} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}
