import { Layers } from 'lucide-react';
import { useOpenOverlay } from '../../../overlays/open.ts';
import { errorText } from '../../../api/mutation.ts';
import { EmptyState, ErrorState, Skeleton } from '../../../ui/index.ts';
import { useCurrentPlan, usePlans } from '../api.ts';
import { PlanOption } from './PlanOption.tsx';

/** The plans this organization can choose (its provider's catalog and any plan offered to it). */
export function PlanChooser() {
  const plans = usePlans();
  const current = useCurrentPlan();
  const open = useOpenOverlay();
  if (plans.isPending) return <Skeleton className="h-48 w-full" />;
  if (plans.isError) return <ErrorState title="Could not load the plans" message={errorText(plans.error)} />;
  if (plans.data.productPlans.length === 0)
    return (
      <EmptyState
        icon={<Layers className="size-6" aria-hidden="true" />}
        title="No plans offered"
        message="Your provider has not offered a plan yet."
      />
    );
  const currentId = current.data?.productPlan?.productPlanId;
  return (
    <ul className="grid gap-3 sm:grid-cols-2" aria-label="Plans">
      {plans.data.productPlans.map((p) => (
        <PlanOption
          key={p.productPlanId}
          plan={p}
          current={p.productPlanId === currentId}
          onChoose={() => open('checkout', String(p.productPlanId))}
          onDetails={() => open('planDetails', String(p.productPlanId))}
        />
      ))}
    </ul>
  );
}
