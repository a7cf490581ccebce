import { displayUsd } from '@switchboard/core/rules/money';
import { ArrowUpRight, Plus, Wallet } from 'lucide-react';
import { useOpenOverlay } from '../../../overlays/open.ts';
import { errorText } from '../../../api/mutation.ts';
import { Button, Card, ErrorState, Skeleton } from '../../../ui/index.ts';
import { useWallet } from '../api.ts';
import { TransactionList } from './TransactionList.tsx';

/** The credit wallet: balance (USD, at least 2 decimals), the latest transactions, add funds. */
export function WalletCard({ recent = 5 }: { recent?: number }) {
  const wallet = useWallet();
  const open = useOpenOverlay();
  return (
    <Card className="p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="flex items-center gap-2 text-sm font-medium text-slate-600">
            <Wallet className="size-4" aria-hidden="true" /> Wallet balance
          </h2>
          {wallet.isPending ? (
            <Skeleton className="mt-2 h-9 w-32" />
          ) : wallet.data ? (
            <p className="mt-1 text-3xl font-semibold tabular-nums text-slate-900" data-balance={wallet.data.balance}>
              {displayUsd(wallet.data.balance)}
            </p>
          ) : null}
        </div>
        <div className="flex gap-2">
          <Button variant="secondary" onClick={() => open('withdraw')}>
            <ArrowUpRight className="size-4" aria-hidden="true" /> Withdraw
          </Button>
          <Button onClick={() => open('addFunds')}>
            <Plus className="size-4" aria-hidden="true" /> Add funds
          </Button>
        </div>
      </div>
      {wallet.data && wallet.data.owed > 0 && (
        <p className="mt-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900" role="status" data-owed={wallet.data.owed}>
          You owe {displayUsd(wallet.data.owed)} for a disputed card payment your balance could not cover. Funds you add pay it first.
        </p>
      )}
      {wallet.isError && (
        <div className="mt-4">
          <ErrorState title="Could not load the wallet" message={errorText(wallet.error)} />
        </div>
      )}
      {wallet.data && (
        <div className="mt-4">
          <div className="flex items-center justify-between">
            <h3 className="text-sm font-semibold text-slate-900">Recent transactions</h3>
            {wallet.data.transactions.length > recent && (
              <Button variant="link" size="sm" onClick={() => open('transactions')}>
                See all
              </Button>
            )}
          </div>
          <TransactionList transactions={wallet.data.transactions} limit={recent} />
        </div>
      )}
    </Card>
  );
}
