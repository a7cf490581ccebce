import { CircleCheck, CircleX, Landmark, Undo2 } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { CheckoutOutcome } from '../features/billing/index.ts';
import { useTitle } from '../shell/useTitle.ts';
import { PageFrame, primaryLink, ResultPanel, secondaryLink } from './PageFrame.tsx';

/** Result pages of the payment and payout flows (spec §2): say what happened, lead back. */
function Back({ label = 'Back to the app', to = '/app' }: { label?: string; to?: string }) {
  return (
    <Link to={to} className={primaryLink}>
      {label}
    </Link>
  );
}

/** The checkout's own outcome when the page came back from one (`session_id`, and the account that paid). */
function Outcome({ params, fallback }: { params: URLSearchParams; fallback: string }) {
  const sessionId = params.get('session_id');
  const account = params.get('account');
  if (!sessionId) return <p>{fallback}</p>;
  return <CheckoutOutcome sessionId={sessionId} target={account && /^\d+$/.test(account) ? Number(account) : null} />;
}

function returnTo(params: URLSearchParams): string {
  const r = params.get('returnTo');
  return r && r.startsWith('/') && !r.startsWith('//') ? r : '/app';
}

export function PaymentSuccess() {
  useTitle('Payment received');
  const [params] = useSearchParams();
  return (
    <PageFrame>
      <ResultPanel icon={<CircleCheck className="size-7" />} tone="good" title="Payment received" actions={<Back to={returnTo(params)} />}>
        <Outcome params={params} fallback="Thank you. Your payment went through and your plan or credit is updated." />
      </ResultPanel>
    </PageFrame>
  );
}

export function PaymentCancel() {
  useTitle('Payment cancelled');
  const [params] = useSearchParams();
  return (
    <PageFrame>
      <ResultPanel
        icon={<Undo2 className="size-7" />}
        tone="neutral"
        title="Payment cancelled"
        actions={
          <>
            <Back to={returnTo(params)} />
            <Link to="/app?billing=true" className={secondaryLink}>
              Review billing
            </Link>
          </>
        }
      >
        <p>You left the checkout before paying. You can start again whenever you are ready.</p>
        <Outcome params={params} fallback="Nothing was charged." />
      </ResultPanel>
    </PageFrame>
  );
}

export function PayoutConnectSuccess() {
  useTitle('Payout account connected');
  return (
    <PageFrame>
      <ResultPanel
        icon={<Landmark className="size-7" />}
        tone="good"
        title="Payout account connected"
        actions={<Back label="Back to your wallet" to="/app?wallet=true" />}
      >
        <p>Your Stripe account is connected. Withdrawals from your wallet will be paid out to it.</p>
      </ResultPanel>
    </PageFrame>
  );
}

export function PayoutConnectFailure() {
  useTitle('Payout account not connected');
  return (
    <PageFrame>
      <ResultPanel
        icon={<CircleX className="size-7" />}
        tone="bad"
        title="Payout account not connected"
        actions={
          <>
            <Back label="Try again from your wallet" to="/app?wallet=true" />
            <Link to="/app?help=payouts" className={secondaryLink}>
              Get help
            </Link>
          </>
        }
      >
        <p>Stripe did not finish connecting your account, so payouts cannot be sent yet. No money moved.</p>
      </ResultPanel>
    </PageFrame>
  );
}
