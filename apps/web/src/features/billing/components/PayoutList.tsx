import { displayUsd } from '@switchboard/core/rules/money';
import type { Payout } from '@switchboard/core/contracts/payouts';
import { errorText } from '../../../api/mutation.ts';
import { EmptyState, ErrorState, Skeleton, cn, statusText } from '../../../ui/index.ts';
import { usePayouts } from '../api.ts';

const TONE: Record<Payout['status'], string> = {
  pending: 'bg-amber-50 text-amber-800',
  paid: 'bg-emerald-50 text-emerald-800',
  failed: 'bg-rose-50 text-rose-800',
  returned: 'bg-slate-100 text-slate-700',
};
const METHOD: Record<Payout['method'], string> = { lightning: 'Lightning', stripe: 'Stripe', paypal: 'PayPal', venmo: 'Venmo' };

/** The wallet's withdrawals and where each stands (pending, paid, failed, returned). */
export function PayoutList() {
  const q = usePayouts();
  if (q.isPending) return <Skeleton className="h-16 w-full" />;
  if (q.isError) return <ErrorState title="Could not load withdrawals" message={errorText(q.error)} />;
  if (q.data.payouts.length === 0)
    return <EmptyState title="No withdrawals yet" message="Withdrawals you request appear here with their status." />;
  return (
    <ul className="divide-y divide-slate-100" aria-label="Withdrawals">
      {q.data.payouts.map((p) => (
        <li key={p.id} className="flex items-center justify-between gap-3 py-2 text-sm">
          <div className="min-w-0">
            <p className="font-medium text-slate-900">
              {METHOD[p.method]} · <span className="tabular-nums">{displayUsd(p.amount)}</span>
            </p>
            <p className="truncate text-slate-500">{p.reason ?? p.address}</p>
          </div>
          <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium capitalize', TONE[p.status])}>{statusText(p.status)}</span>
        </li>
      ))}
    </ul>
  );
}
