import { Gift } from 'lucide-react';
import { errorText } from '../../../api/mutation.ts';
import { useOpenOverlay } from '../../../overlays/open.ts';
import { OverlayFrame } from '../../../overlays/OverlayFrame.tsx';
import { EmptyState, ErrorState, LoadingBlock } from '../../../ui/index.ts';
import { useCurrentPlan, useOfferedPlan } from '../api.ts';
import { PlanOption } from '../components/PlanOption.tsx';

/** `?planOffered`: the plan this organization's partner or reseller offers it. */
export default function PlanOffered() {
  const offered = useOfferedPlan();
  const current = useCurrentPlan();
  const open = useOpenOverlay();
  return (
    <OverlayFrame title="Your offered plan" description="The plan your provider picked for you." size="sm">
      {offered.isPending ? (
        <LoadingBlock label="Loading the offered plan" />
      ) : offered.isError ? (
        <ErrorState title="Could not load the offered plan" message={errorText(offered.error)} />
      ) : !offered.data.productPlan ? (
        <EmptyState
          icon={<Gift className="size-6" aria-hidden="true" />}
          title="No plan offered"
          message="Your provider has not offered you a plan. You can choose one from the billing page."
        />
      ) : (
        <ul>
          <PlanOption
            plan={offered.data.productPlan}
            current={offered.data.productPlan.productPlanId === current.data?.productPlan?.productPlanId}
            onChoose={() => open('checkout', String(offered.data.productPlan!.productPlanId))}
          />
        </ul>
      )}
    </OverlayFrame>
  );
}
