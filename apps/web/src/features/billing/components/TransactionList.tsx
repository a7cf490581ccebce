import { displayUsd } from '@switchboard/core/rules/money';
import { ArrowDownLeft, ArrowUpRight, ReceiptText } from 'lucide-react';
import type { WalletTransaction } from '@switchboard/core/contracts/wallet';
import { EmptyState } from '../../../ui/index.ts';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The wallet's transactions, newest first: what, when, and the signed amount. */
export function TransactionList({ transactions, limit }: { transactions: WalletTransaction[]; limit?: number }) {
  const shown = limit ? transactions.slice(0, limit) : transactions;
  if (shown.length === 0) {
    return (
      <EmptyState
        icon={<ReceiptText className="size-6" aria-hidden="true" />}
        title="No transactions yet"
        message="Funds you add and charges for usage appear here."
      />
    );
  }
  return (
    <ul className="divide-y divide-slate-100" aria-label="Transactions">
      {shown.map((t) => {
        const incoming = t.amount > 0;
        const Icon = incoming ? ArrowDownLeft : ArrowUpRight;
        return (
          <li key={t.id} className="flex items-center gap-3 py-3" data-transaction={t.kind}>
            <span
              className={`flex size-9 shrink-0 items-center justify-center rounded-full ${incoming ? 'bg-emerald-50 text-emerald-700' : 'bg-slate-100 text-slate-700'}`}
            >
              <Icon className="size-4" aria-hidden="true" />
            </span>
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium text-slate-900">{t.memo ?? t.kind}</p>
              <p className="text-xs text-slate-600">{dateFormat.format(t.createdAt)}</p>
            </div>
            <span className={`text-sm font-semibold tabular-nums ${incoming ? 'text-emerald-700' : 'text-slate-900'}`}>
              {incoming ? '+' : ''}
              {displayUsd(t.amount)}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
