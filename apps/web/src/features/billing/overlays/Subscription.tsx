import { ExternalLink } from 'lucide-react';
import { OverlayFrame } from '../../../overlays/OverlayFrame.tsx';
import type { OverlayProps } from '../../../overlays/registry.ts';
import { Button } from '../../../ui/index.ts';
import { useCurrentPlan, usePortalLink } from '../api.ts';
import { CancelPlanForm } from '../components/CancelPlanForm.tsx';
import { PlanCard } from '../components/PlanCard.tsx';

/** `?subscription`: the current plan, the billing portal, and cancelling with a reason. */
export default function Subscription({ close }: OverlayProps) {
  const current = useCurrentPlan();
  const portal = usePortalLink();
  return (
    <OverlayFrame title="Subscription" size="md">
      <div className="flex flex-col gap-5">
        <PlanCard />
        <Button
          variant="secondary"
          loading={portal.isPending}
          onClick={() => portal.mutate(undefined, { onSuccess: (r) => location.assign(r.url) })}
        >
          <ExternalLink className="size-4" aria-hidden="true" /> Open the billing portal
        </Button>
        {current.data?.subscription && (
          <section aria-label="Cancel">
            <h3 className="mb-2 text-sm font-semibold text-slate-900">Cancel your subscription</h3>
            <CancelPlanForm onDone={close} />
          </section>
        )}
      </div>
    </OverlayFrame>
  );
}
