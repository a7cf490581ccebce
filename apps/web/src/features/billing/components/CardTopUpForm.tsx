import { useState, type FormEvent } from 'react';
import { CreditCard } from 'lucide-react';
import { useActingTarget } from '../../../api/acting.ts';
import { fieldError } from '../../../api/mutation.ts';
import { Button } from '../../../ui/index.ts';
import { UsdAmountField } from './UsdAmountField.tsx';
import { useCardTopUp } from '../api.ts';

const PRESETS = ['10', '25', '50', '100'];

/** Add funds by card: an amount in USD, then on to the checkout page (which returns to the result pages). */
export function CardTopUpForm() {
  const [amount, setAmount] = useState('10');
  const target = useActingTarget();
  const topUp = useCardTopUp();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    topUp.mutate({ amount: amount.trim(), accountId: target }, { onSuccess: (r) => location.assign(r.url) });
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-4" aria-label="Add funds by card">
      <div className="flex flex-wrap gap-2" role="group" aria-label="Suggested amounts">
        {PRESETS.map((p) => (
          <Button
            key={p}
            size="sm"
            variant={amount === p ? 'primary' : 'secondary'}
            aria-pressed={amount === p}
            onClick={() => setAmount(p)}
          >
            ${p}
          </Button>
        ))}
      </div>
      <UsdAmountField value={amount} onChange={setAmount} error={fieldError(topUp.error, 'amount')} hint="From $1.00 to $10,000.00." />
      <Button type="submit" loading={topUp.isPending || topUp.isSuccess} block>
        <CreditCard className="size-4" aria-hidden="true" /> Continue to payment
      </Button>
    </form>
  );
}
