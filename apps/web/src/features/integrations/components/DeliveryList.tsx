import { errorText } from '../../../api/mutation.ts';
import { Button, ErrorState, LoadingBlock, statusText } from '../../../ui/index.ts';
import { useDeliveries, useReplayDelivery } from '../api.ts';

const STATUS_CLASS = { delivered: 'text-emerald-800', pending: 'text-amber-800', failed: 'text-red-700' } as const;

/** The webhook's recent deliveries: event, status, attempts, answer, time; replay. */
export function DeliveryList({ target, id }: { target: number | null; id: number }) {
  const list = useDeliveries(target, id);
  const replay = useReplayDelivery(target, id);
  if (list.isLoading) return <LoadingBlock label="Loading deliveries" />;
  if (list.isError) return <ErrorState message={errorText(list.error)} />;
  const items = list.data?.deliveries ?? [];
  if (!items.length) return <p className="text-sm text-slate-600">No deliveries yet. Send a test event to try the endpoint.</p>;
  return (
    <ul className="divide-y divide-slate-100 text-sm" aria-label="Recent deliveries">
      {items.map((d) => (
        <li key={d.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
          <span className="font-mono text-xs text-slate-700">{d.eventType}</span>
          <span className={STATUS_CLASS[d.status]}>{statusText(d.status)}</span>
          <span className="text-slate-600">
            {d.attempts} attempt{d.attempts === 1 ? '' : 's'}
            {d.responseStatus != null ? ` · ${d.responseStatus}` : ''}
            {d.durationMs != null ? ` · ${d.durationMs} ms` : ''}
          </span>
          <span className="text-xs text-slate-500">{new Date(d.createdAt).toLocaleString()}</span>
          {d.lastError && d.status !== 'delivered' && <span className="w-full text-xs text-red-700">{d.lastError}</span>}
          {d.status !== 'pending' && (
            <Button size="3xs" variant="ghost" onClick={() => replay.mutate(d.id)}>
              Replay
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}
