import { displayUsd } from '@switchboard/core/rules/money';
import { errorText } from '../../../api/mutation.ts';
import { ErrorState, Skeleton } from '../../../ui/index.ts';
import { useCheckoutStatus } from '../api.ts';

const WORDS = {
  paid: (what: string, amount: string, balance: string) =>
    what === 'credit' ? `${amount} was added to your wallet. Your balance is ${balance}.` : `Your plan is paid (${amount}) and active.`,
  open: () => 'The payment is still being confirmed. This page shows the result as soon as it arrives.',
  canceled: () => 'Nothing was charged.',
  failed: () => 'The payment failed. Nothing was charged.',
};

/** What became of the checkout the result page returned from (read from the server, refreshed while open). */
export function CheckoutOutcome({ sessionId, target }: { sessionId: string; target: number | null }) {
  const status = useCheckoutStatus(sessionId, target);
  if (status.isPending) return <Skeleton className="h-5 w-64" />;
  if (status.isError) return <ErrorState title="Could not read the payment" message={errorText(status.error)} />;
  const { checkout, balance } = status.data;
  return (
    <p data-checkout-status={checkout.status} role="status">
      {WORDS[checkout.status](checkout.purpose, displayUsd(checkout.amount), displayUsd(balance))}
    </p>
  );
}
