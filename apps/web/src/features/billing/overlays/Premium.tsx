import { Sparkles } from 'lucide-react';
import { errorText } from '../../../api/mutation.ts';
import { useOpenOverlay } from '../../../overlays/open.ts';
import { OverlayFrame } from '../../../overlays/OverlayFrame.tsx';
import { Button, ErrorState, LoadingBlock } from '../../../ui/index.ts';
import { useCurrentPlan } from '../api.ts';

/** `?premium`: whether this organization is premium (an active plan) and the way to become it. */
export default function Premium() {
  const current = useCurrentPlan();
  const open = useOpenOverlay();
  return (
    <OverlayFrame title="Premium" size="sm">
      {current.isPending ? (
        <LoadingBlock label="Loading your plan" />
      ) : current.isError ? (
        <ErrorState title="Could not load your plan" message={errorText(current.error)} />
      ) : current.data.vidaPremium ? (
        <div className="flex flex-col items-start gap-3">
          <p className="flex items-center gap-2 text-base font-semibold text-slate-900">
            <Sparkles className="size-5 text-brand-600" aria-hidden="true" /> Premium is on
            {current.data.productPlan ? ` with the ${current.data.productPlan.name} plan` : ''}.
          </p>
          <Button variant="secondary" onClick={() => open('subscription')}>
            Manage subscription
          </Button>
        </div>
      ) : (
        <div className="flex flex-col items-start gap-3">
          <p className="text-sm text-slate-700">
            Premium comes with a plan: new conversations, your own number and included minutes and messages each month.
          </p>
          <Button onClick={() => open('billing')}>Choose a plan</Button>
        </div>
      )}
    </OverlayFrame>
  );
}
