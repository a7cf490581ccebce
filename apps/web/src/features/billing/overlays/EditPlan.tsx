import { errorText } from '../../../api/mutation.ts';
import { OverlayFrame } from '../../../overlays/OverlayFrame.tsx';
import type { OverlayProps } from '../../../overlays/registry.ts';
import { useActingAccount } from '../../../api/acting.ts';
import { EmptyState, ErrorState, LoadingBlock } from '../../../ui/index.ts';
import { useMyPlans } from '../api.ts';
import { PlanEditorForm } from '../components/PlanEditorForm.tsx';

/** `?editPlan=new` or `?editPlan=<productPlanId>`: a partner or reseller defines or changes one of its plans. */
export default function EditPlan({ value, close }: OverlayProps) {
  const account = useActingAccount();
  const type = account.data?.accountType;
  const canDefine = type === 'partner' || type === 'reseller';
  const mine = useMyPlans(canDefine);
  const id = /^\d+$/.test(value) ? Number(value) : null;
  const plan = id ? (mine.data?.productPlans.find((p) => p.productPlanId === id) ?? null) : null;
  return (
    <OverlayFrame title={id ? 'Edit plan' : 'New plan'} description="Offered to the organizations below you." size="lg">
      {account.isPending ? (
        <LoadingBlock label="Loading your account" />
      ) : !canDefine ? (
        <EmptyState
          title="Plans are defined by partners and resellers"
          message="This account can choose a plan on the billing page, not define one. A partner or reseller defines plans for the organizations below it."
        />
      ) : mine.isPending ? (
        <LoadingBlock label="Loading your plans" />
      ) : mine.isError ? (
        <ErrorState title="Could not load your plans" message={errorText(mine.error)} />
      ) : id && !plan ? (
        <ErrorState title="Plan not found" message="It is not one of your plans." />
      ) : (
        <PlanEditorForm key={id ?? 'new'} plan={plan} onDone={close} />
      )}
    </OverlayFrame>
  );
}
