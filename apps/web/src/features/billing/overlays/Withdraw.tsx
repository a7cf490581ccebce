import { useState } from 'react';
import { displayUsd } from '@switchboard/core/rules/money';
import { OverlayFrame } from '../../../overlays/OverlayFrame.tsx';
import type { OverlayProps } from '../../../overlays/registry.ts';
import { cn, tabListKeyDown } from '../../../ui/index.ts';
import { useWallet } from '../api.ts';
import { PayoutList } from '../components/PayoutList.tsx';
import { WithdrawForm, type WithdrawMethod } from '../components/WithdrawForm.tsx';

const METHODS: { id: WithdrawMethod; label: string }[] = [
  { id: 'paypal', label: 'PayPal' },
  { id: 'venmo', label: 'Venmo' },
  { id: 'lightning', label: 'Lightning' },
  { id: 'stripe', label: 'Bank (Stripe)' },
];

/** `?withdraw` (`=venmo`, `=lightning`, `=stripe` open that tab): send wallet money out, and see withdrawals. */
export default function Withdraw({ value }: OverlayProps) {
  const [method, setMethod] = useState<WithdrawMethod>(METHODS.some((m) => m.id === value) ? (value as WithdrawMethod) : 'paypal');
  const wallet = useWallet();
  return (
    <OverlayFrame
      title="Withdraw"
      description={
        wallet.data
          ? `Available to withdraw: ${displayUsd(wallet.data.withdrawable)}${
              wallet.data.promotional > 0
                ? ` (your ${displayUsd(wallet.data.promotional)} of reward credit is spent on usage, not paid out)`
                : ''
            }. The amount is held until the payout is paid; a failed payout comes back.`
          : 'Send money from your wallet to your own account.'
      }
      size="sm"
    >
      <div
        role="tablist"
        aria-label="Withdrawal method"
        onKeyDown={tabListKeyDown}
        className="mb-5 grid grid-cols-4 gap-1 rounded-lg bg-slate-100 p-1"
      >
        {METHODS.map((m) => (
          <button
            key={m.id}
            type="button"
            role="tab"
            id={`withdraw-tab-${m.id}`}
            aria-selected={method === m.id}
            aria-controls={`withdraw-panel-${m.id}`}
            onClick={() => setMethod(m.id)}
            className={cn(
              'rounded-md px-1 py-2 text-xs font-medium sm:text-sm',
              method === m.id ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
            )}
          >
            {m.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`withdraw-panel-${method}`} aria-labelledby={`withdraw-tab-${method}`}>
        <WithdrawForm key={method} method={method} />
      </div>
      <h3 className="mt-6 mb-2 text-sm font-semibold text-slate-900">Your withdrawals</h3>
      <PayoutList />
    </OverlayFrame>
  );
}
