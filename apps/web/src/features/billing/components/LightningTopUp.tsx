import { useState, type FormEvent } from 'react';
import { displayUsd } from '@switchboard/core/rules/money';
import { Zap } from 'lucide-react';
import { errorText, fieldError } from '../../../api/mutation.ts';
import { Button, ErrorState, Skeleton } from '../../../ui/index.ts';
import { UsdAmountField } from './UsdAmountField.tsx';
import { usePendingInvoice, useRequestInvoice } from '../api.ts';
import { PendingInvoicePanel } from './PendingInvoicePanel.tsx';

/** Add funds by Lightning: an amount in USD becomes a BOLT11 invoice with a QR code. */
export function LightningTopUp() {
  const [amount, setAmount] = useState('10');
  const pending = usePendingInvoice();
  const request = useRequestInvoice();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    request.mutate({ amount: amount.trim() });
  };
  if (pending.isPending) return <Skeleton className="h-40 w-full" />;
  if (pending.isError) return <ErrorState title="Could not load the invoice" message={errorText(pending.error)} />;
  const invoice = pending.data.invoice;
  if (invoice && invoice.expiresAt > Date.now()) return <PendingInvoicePanel invoice={invoice} />;
  return (
    <form onSubmit={submit} className="flex flex-col gap-4" aria-label="Add funds by Lightning">
      {invoice && <p className="text-sm text-slate-600">Your invoice for {displayUsd(invoice.amount)} expired. Request a new one.</p>}
      <UsdAmountField
        value={amount}
        onChange={setAmount}
        error={fieldError(request.error, 'amount')}
        hint="Paid in bitcoin at the current rate; the invoice is valid for an hour."
      />
      <Button type="submit" loading={request.isPending} block>
        <Zap className="size-4" aria-hidden="true" /> Create invoice
      </Button>
    </form>
  );
}
