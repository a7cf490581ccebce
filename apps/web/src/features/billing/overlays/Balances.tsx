import { displayUsd } from '@switchboard/core/rules/money';
import { errorText } from '../../../api/mutation.ts';
import { useOpenOverlay } from '../../../overlays/open.ts';
import { OverlayFrame } from '../../../overlays/OverlayFrame.tsx';
import { Button, ErrorState, LoadingBlock } from '../../../ui/index.ts';
import { useExchangeRate, useWallet } from '../api.ts';

/** `?balances`: the wallet's balance in USD and what it is worth in sats at the current rate. */
export default function Balances() {
  const wallet = useWallet();
  const rate = useExchangeRate();
  const open = useOpenOverlay();
  const sats = wallet.data && rate.data ? Math.floor(wallet.data.balance / 1_000_000 / rate.data.satToUsd) : null;
  return (
    <OverlayFrame title="Balances" size="sm" footer={<Button onClick={() => open('addFunds')}>Add funds</Button>}>
      {wallet.isPending ? (
        <LoadingBlock label="Loading balances" />
      ) : wallet.isError ? (
        <ErrorState title="Could not load the balances" message={errorText(wallet.error)} />
      ) : (
        <div className="flex flex-col gap-3">
          <dl className="grid grid-cols-2 gap-4">
            <div className="rounded-xl bg-slate-50 p-4">
              <dt className="text-sm text-slate-600">Wallet (USD)</dt>
              <dd className="mt-1 text-2xl font-semibold tabular-nums text-slate-900">{displayUsd(wallet.data.balance)}</dd>
            </div>
            <div className="rounded-xl bg-slate-50 p-4">
              <dt className="text-sm text-slate-600">In bitcoin</dt>
              <dd className="mt-1 text-2xl font-semibold tabular-nums text-slate-900">
                {sats === null ? '…' : `${sats.toLocaleString()} sats`}
              </dd>
            </div>
          </dl>
          {rate.data && (
            <p className="text-xs text-slate-600">
              1 sat = ${rate.data.satToUsd} {rate.data.fallback ? '(the rate source is unavailable; this is the standard rate)' : ''}
            </p>
          )}
        </div>
      )}
    </OverlayFrame>
  );
}
