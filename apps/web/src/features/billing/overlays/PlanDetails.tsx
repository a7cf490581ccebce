import { displayUsd } from '@switchboard/core/rules/money';
import { errorText } from '../../../api/mutation.ts';
import { useOpenOverlay } from '../../../overlays/open.ts';
import { OverlayFrame } from '../../../overlays/OverlayFrame.tsx';
import type { OverlayProps } from '../../../overlays/registry.ts';
import { Button, ErrorState, LoadingBlock } from '../../../ui/index.ts';
import { usePlan } from '../api.ts';
import { PlanTiers } from '../components/PlanTiers.tsx';

/** `?planDetails=<productPlanId>`: a plan's prices and every item's pricing tiers. */
export default function PlanDetails({ value }: OverlayProps) {
  const id = /^\d+$/.test(value) ? Number(value) : null;
  const plan = usePlan(id);
  const open = useOpenOverlay();
  return (
    <OverlayFrame
      title={plan.data?.productPlan.name ?? 'Plan details'}
      description={
        plan.data
          ? `${displayUsd(plan.data.productPlan.priceMonth)} per month or ${displayUsd(plan.data.productPlan.priceYear)} per year`
          : undefined
      }
      size="md"
    >
      {id === null ? (
        <ErrorState title="No plan named" message="Open a plan from the billing page." />
      ) : plan.isPending ? (
        <LoadingBlock label="Loading the plan" />
      ) : plan.isError ? (
        <ErrorState title="Could not load the plan" message={errorText(plan.error)} />
      ) : (
        <div className="flex flex-col gap-4">
          {/* In the scrolling body, so keyboard users reach the tables below (and the action). */}
          <Button className="self-start" onClick={() => open('checkout', String(plan.data.productPlan.productPlanId))}>
            Choose this plan
          </Button>
          <PlanTiers plan={plan.data.productPlan} />
        </div>
      )}
    </OverlayFrame>
  );
}
