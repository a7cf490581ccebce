import { displayUsd } from '@switchboard/core/rules/money';
import { Sparkles } from 'lucide-react';
import { useOpenOverlay } from '../../../overlays/open.ts';
import { errorText } from '../../../api/mutation.ts';
import { Button, Card, ErrorState, Skeleton } from '../../../ui/index.ts';
import { useCurrentPlan } from '../api.ts';

const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' });

/** The organization's plan: its name, price and renewal, or the way to choose one. */
export function PlanCard() {
  const current = useCurrentPlan();
  const open = useOpenOverlay();
  if (current.isPending)
    return (
      <Card className="p-5">
        <Skeleton className="h-16 w-full" />
      </Card>
    );
  if (current.isError) return <ErrorState title="Could not load your plan" message={errorText(current.error)} />;
  const { productPlan: plan, subscription } = current.data;
  return (
    <Card className="p-5">
      <h2 className="flex items-center gap-2 text-sm font-medium text-slate-600">
        <Sparkles className="size-4" aria-hidden="true" /> Plan
      </h2>
      {plan && subscription ? (
        <div className="mt-1 flex flex-wrap items-end justify-between gap-3">
          <div>
            <p className="text-xl font-semibold text-slate-900" data-plan={plan.name}>
              {plan.name}
            </p>
            <p className="text-sm text-slate-600">
              {displayUsd(subscription.term === 'year' ? plan.priceYear : plan.priceMonth)} per {subscription.term} · renews on{' '}
              {day.format(subscription.currentPeriodEnd)}
            </p>
            {subscription.status === 'past_due' && (
              <p role="alert" className="text-sm font-medium text-amber-700" data-status="past_due">
                Past due: the last renewal could not be paid. Add funds to your wallet; premium features are off until it is paid.
              </p>
            )}
          </div>
          <Button variant="secondary" onClick={() => open('subscription')}>
            Manage subscription
          </Button>
        </div>
      ) : (
        <div className="mt-1 flex flex-wrap items-end justify-between gap-3">
          <div>
            <p className="text-xl font-semibold text-slate-900" data-plan="none">
              Pay as you go
            </p>
            <p className="text-sm text-slate-600">Usage is paid from your wallet. A plan includes minutes and messages each month.</p>
          </div>
          <Button onClick={() => open('billing')}>Choose a plan</Button>
        </div>
      )}
    </Card>
  );
}
