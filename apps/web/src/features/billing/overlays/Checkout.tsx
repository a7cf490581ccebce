import { useState } from 'react';
import { displayUsd } from '@switchboard/core/rules/money';
import { useActingTarget } from '../../../api/acting.ts';
import { errorText } from '../../../api/mutation.ts';
import { OverlayFrame } from '../../../overlays/OverlayFrame.tsx';
import type { OverlayProps } from '../../../overlays/registry.ts';
import { Button, ErrorState, LoadingBlock } from '../../../ui/index.ts';
import { usePlan, useSubscribe } from '../api.ts';
import { includedOf } from '../components/PlanOption.tsx';

/** `?checkout=<productPlanId>`: the chosen plan, its term, then on to the payment page. */
export default function Checkout({ value, close }: OverlayProps) {
  const id = /^\d+$/.test(value) ? Number(value) : null;
  const plan = usePlan(id);
  const target = useActingTarget();
  const subscribe = useSubscribe();
  const [term, setTerm] = useState<'month' | 'year'>('month');
  const go = () =>
    plan.data &&
    subscribe.mutate(
      { productPlanId: plan.data.productPlan.productPlanId, term, accountId: target },
      { onSuccess: (r) => location.assign(r.url) },
    );
  return (
    <OverlayFrame
      title="Checkout"
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            Back
          </Button>
          <Button onClick={go} disabled={!plan.data} loading={subscribe.isPending || subscribe.isSuccess}>
            Continue to payment
          </Button>
        </>
      }
    >
      {id === null ? (
        <ErrorState title="No plan chosen" message="Choose a plan from the billing page." />
      ) : plan.isPending ? (
        <LoadingBlock label="Loading the plan" />
      ) : plan.isError ? (
        <ErrorState title="Could not load the plan" message={errorText(plan.error)} />
      ) : (
        <div className="flex flex-col gap-4">
          <div>
            <h3 className="text-lg font-semibold text-slate-900">{plan.data.productPlan.name}</h3>
            <p className="text-sm text-slate-600">{plan.data.productPlan.description}</p>
          </div>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium text-slate-700">Billed</legend>
            {(['month', 'year'] as const).map((t) => (
              <label
                key={t}
                className="flex items-center gap-3 rounded-lg border border-slate-200 p-3 text-sm has-[:checked]:border-brand-600"
              >
                <input type="radio" name="term" value={t} checked={term === t} onChange={() => setTerm(t)} />
                <span className="flex-1">{t === 'month' ? 'Monthly' : 'Yearly'}</span>
                <strong>{displayUsd(t === 'month' ? plan.data.productPlan.priceMonth : plan.data.productPlan.priceYear)}</strong>
              </label>
            ))}
          </fieldset>
          <ul className="list-disc pl-5 text-sm text-slate-600">
            {includedOf(plan.data.productPlan).map((l) => (
              <li key={l}>{l}</li>
            ))}
          </ul>
        </div>
      )}
    </OverlayFrame>
  );
}
