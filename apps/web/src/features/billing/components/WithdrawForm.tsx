import { useState, type FormEvent } from 'react';
import { ArrowUpRight, Landmark } from 'lucide-react';
import { errorText, fieldError } from '../../../api/mutation.ts';
import { Button, ErrorState, Skeleton, TextField } from '../../../ui/index.ts';
import { useConnectAccount, useConnectedAccount, useWallet, useWithdraw } from '../api.ts';
import { UsdAmountField } from './UsdAmountField.tsx';

export type WithdrawMethod = 'paypal' | 'venmo' | 'lightning' | 'stripe';

const ADDRESS = {
  paypal: { name: 'PayPal', label: 'PayPal e-mail', hint: 'The PayPal account that receives the money.', type: 'email' },
  venmo: { name: 'Venmo', label: 'Venmo phone or e-mail', hint: 'The Venmo account that receives the money.', type: 'text' },
  lightning: {
    name: 'Lightning',
    label: 'Lightning invoice',
    hint: 'A BOLT11 invoice with an amount; its worth at the current rate leaves your wallet.',
    type: 'text',
  },
} as const;

/** One withdrawal method's form: an address and an amount (Lightning: the invoice carries it; Stripe: the connected account). */
export function WithdrawForm({ method }: { method: WithdrawMethod }) {
  const [address, setAddress] = useState('');
  const [amount, setAmount] = useState('');
  // One key per filled-in form: a double submit withdraws once.
  const [key, setKey] = useState(() => crypto.randomUUID());
  const withdraw = useWithdraw();
  const wallet = useWallet();
  // Only money paid in can be withdrawn: reward credit is spent on usage.
  const limit = wallet.data ? ` You can withdraw up to $${wallet.data.withdrawableUsd}.` : '';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const input =
      method === 'lightning'
        ? { method, address: address.trim() }
        : method === 'stripe'
          ? { method, amountUsd: amount.trim() }
          : { method, address: address.trim(), amountUsd: amount.trim() };
    withdraw.mutate({ ...input, key }, { onSuccess: () => (setAddress(''), setAmount(''), setKey(crypto.randomUUID())) });
  };
  if (method === 'stripe')
    return <StripeWithdraw amount={amount} setAmount={setAmount} submit={submit} withdraw={withdraw} limit={limit} />;
  const a = ADDRESS[method];
  return (
    <form onSubmit={submit} className="flex flex-col gap-4" aria-label={`Withdraw to ${a.name}`}>
      <TextField
        label={a.label}
        type={a.type}
        autoComplete="off"
        value={address}
        onChange={(e) => setAddress(e.target.value)}
        error={fieldError(withdraw.error, 'address')}
        hint={a.hint}
        required
      />
      {method !== 'lightning' && (
        <UsdAmountField
          value={amount}
          onChange={setAmount}
          error={fieldError(withdraw.error, 'amountUsd')}
          hint={`At least $1.00, in whole cents.${limit}`}
        />
      )}
      {withdraw.error && !fieldError(withdraw.error, 'address') && !fieldError(withdraw.error, 'amountUsd') && (
        <p role="alert" className="text-sm text-rose-700">
          {errorText(withdraw.error)}
        </p>
      )}
      <Button type="submit" loading={withdraw.isPending} block>
        <ArrowUpRight className="size-4" aria-hidden="true" /> Withdraw
      </Button>
    </form>
  );
}

function StripeWithdraw(p: {
  amount: string;
  setAmount: (v: string) => void;
  submit: (e: FormEvent) => void;
  withdraw: ReturnType<typeof useWithdraw>;
  limit: string;
}) {
  const status = useConnectedAccount();
  const connect = useConnectAccount();
  if (status.isPending) return <Skeleton className="h-24 w-full" />;
  if (status.isError) return <ErrorState title="Could not check your Stripe account" message={errorText(status.error)} />;
  if (!status.data.connected)
    return (
      <div className="flex flex-col gap-3 text-sm text-slate-600">
        <p>Connect a Stripe account to receive withdrawals to your bank.</p>
        <Button
          loading={connect.isPending || connect.isSuccess}
          onClick={() => connect.mutate(undefined, { onSuccess: (r) => location.assign(r.url) })}
        >
          <Landmark className="size-4" aria-hidden="true" /> {status.data.onboardingStarted ? 'Finish connecting Stripe' : 'Connect Stripe'}
        </Button>
      </div>
    );
  return (
    <form onSubmit={p.submit} className="flex flex-col gap-4" aria-label="Withdraw to Stripe">
      <p className="text-sm text-slate-600">Your Stripe account is connected.</p>
      <UsdAmountField
        value={p.amount}
        onChange={p.setAmount}
        error={fieldError(p.withdraw.error, 'amountUsd')}
        hint={`At least $1.00, in whole cents.${p.limit}`}
      />
      {p.withdraw.error && !fieldError(p.withdraw.error, 'amountUsd') && (
        <p role="alert" className="text-sm text-rose-700">
          {errorText(p.withdraw.error)}
        </p>
      )}
      <Button type="submit" loading={p.withdraw.isPending} block>
        <ArrowUpRight className="size-4" aria-hidden="true" /> Withdraw
      </Button>
    </form>
  );
}
