import { useState, type FormEvent } from 'react';
import { CreditCard, Zap } from 'lucide-react';
import { useParams, useSearchParams } from 'react-router';
import { errorText, fieldError } from '../../api/mutation.ts';
import { PageFrame } from '../../pages/PageFrame.tsx';
import { useTitle } from '../../shell/useTitle.ts';
import { Button, Card, ErrorState, LoadingBlock } from '../../ui/index.ts';
import { usePayAccount, usePayLinkCard, usePayLinkInvoice } from './api.ts';
import { InvoiceQr } from './components/InvoiceQr.tsx';
import { UsdAmountField } from './components/UsdAmountField.tsx';

/** The public pay page `/payto/:username` (spec §7 Pay links): anyone pays the account by Lightning or card. */
export default function PayPage() {
  const { username = '' } = useParams();
  const [params] = useSearchParams();
  const account = usePayAccount(username);
  const [amount, setAmount] = useState('5');
  const invoice = usePayLinkInvoice();
  const card = usePayLinkCard();
  const name = account.data?.account.name ?? account.data?.account.username ?? username;
  useTitle(`Pay ${name}`);
  const lightning = (e: FormEvent) => {
    e.preventDefault();
    invoice.mutate({ slug: username, amount: amount.trim() });
  };
  return (
    <PageFrame>
      <Card className="mx-auto max-w-md p-6">
        {account.isPending ? (
          <LoadingBlock label="Loading" />
        ) : account.isError ? (
          <ErrorState title="Account not found" message={errorText(account.error)} />
        ) : (
          <div className="flex flex-col gap-4">
            <h1 className="text-xl font-semibold text-slate-900">Pay {name}</h1>
            {params.get('paid') && (
              <p role="status" className="rounded-md bg-emerald-50 p-3 text-sm text-emerald-800">
                Thank you: your card payment went through.
              </p>
            )}
            <form onSubmit={lightning} className="flex flex-col gap-3" aria-label={`Pay ${name}`}>
              <UsdAmountField
                value={amount}
                onChange={setAmount}
                error={fieldError(invoice.error ?? card.error, 'amount')}
                hint="Paid into their Switchboard wallet."
              />
              <div className="grid grid-cols-2 gap-2">
                <Button type="submit" loading={invoice.isPending}>
                  <Zap className="size-4" aria-hidden="true" /> Lightning
                </Button>
                <Button
                  variant="secondary"
                  loading={card.isPending || card.isSuccess}
                  onClick={() => card.mutate({ slug: username, amount: amount.trim() }, { onSuccess: (r) => location.assign(r.url) })}
                >
                  <CreditCard className="size-4" aria-hidden="true" /> Card
                </Button>
              </div>
            </form>
            {invoice.data && (
              <div className="flex flex-col items-center gap-2 text-center">
                <InvoiceQr invoice={invoice.data.invoice.invoice} />
                <p className="text-sm text-slate-600">Scan with a Lightning wallet to pay ${invoice.data.invoice.amountUsd}.</p>
                <code className="w-full break-all rounded bg-slate-50 p-2 text-xs text-slate-700">{invoice.data.invoice.invoice}</code>
              </div>
            )}
          </div>
        )}
      </Card>
    </PageFrame>
  );
}
