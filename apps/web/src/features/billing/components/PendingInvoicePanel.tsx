import { displayUsd } from '@switchboard/core/rules/money';
import type { PendingInvoice } from '@switchboard/core/contracts/wallet';
import { Copy } from 'lucide-react';
import { notify } from '../../../shell/toast.tsx';
import { Button } from '../../../ui/index.ts';
import { useLocalLightningPay, useProveInvoice, useResetInvoice } from '../api.ts';
import { InvoiceQr } from './InvoiceQr.tsx';

const time = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });

/**
 * The invoice waiting to be paid: QR code, the text to copy, and (with the local test node) a button
 * that pays it from the local test wallet and proves the payment with the preimage it hands back.
 */
export function PendingInvoicePanel({ invoice }: { invoice: PendingInvoice }) {
  const reset = useResetInvoice();
  const prove = useProveInvoice();
  const localPay = useLocalLightningPay();
  const testNode = invoice.invoice.startsWith('lnbcrt');
  const payLocally = () =>
    localPay.mutate({ invoice: invoice.invoice }, { onSuccess: (r) => prove.mutate({ invoice: invoice.invoice, preimage: r.preimage }) });
  return (
    <div className="flex flex-col items-center gap-4 text-center">
      <p className="text-sm text-slate-700">
        Pay <strong>{displayUsd(invoice.amount)}</strong> ({Math.ceil(invoice.amountMsat / 1000).toLocaleString()} sats) before{' '}
        {time.format(invoice.expiresAt)}.
      </p>
      <InvoiceQr invoice={invoice.invoice} />
      <label className="w-full text-left text-sm font-medium text-slate-700">
        Invoice
        <textarea
          readOnly
          value={invoice.invoice}
          rows={3}
          className="mt-1 block w-full break-all rounded-lg bg-slate-50 p-2 font-mono text-xs text-slate-800 ring-1 ring-slate-200"
        />
      </label>
      <div className="flex w-full flex-wrap justify-center gap-2">
        <Button
          variant="secondary"
          onClick={() => void navigator.clipboard?.writeText(invoice.invoice).then(() => notify.success('Invoice copied.'))}
        >
          <Copy className="size-4" aria-hidden="true" /> Copy
        </Button>
        {testNode && (
          <Button onClick={payLocally} loading={localPay.isPending || prove.isPending}>
            Pay with the local test wallet
          </Button>
        )}
        <Button variant="ghost" onClick={() => reset.mutate(undefined)} loading={reset.isPending}>
          Cancel invoice
        </Button>
      </div>
    </div>
  );
}
