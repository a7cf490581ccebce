import { displayUsd } from '@switchboard/core/rules/money';
import { Layers, Plus } from 'lucide-react';
import { errorText } from '../../../api/mutation.ts';
import { useOpenOverlay } from '../../../overlays/open.ts';
import { Button, Card, EmptyState, ErrorState, Skeleton } from '../../../ui/index.ts';
import { useState } from 'react';
import { useMyPlans } from '../api.ts';
import { OfferPlanForm } from './OfferPlanForm.tsx';

/** A partner's or reseller's own plans, with New, Edit and Offer (to one of its organizations). */
export function PartnerPlans() {
  const mine = useMyPlans();
  const open = useOpenOverlay();
  const [offering, setOffering] = useState<number | null>(null);
  return (
    <Card className="p-5">
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-base font-semibold text-slate-900">Your plans</h2>
        <Button onClick={() => open('editPlan', 'new')}>
          <Plus className="size-4" aria-hidden="true" /> New plan
        </Button>
      </div>
      {mine.isPending ? (
        <Skeleton className="mt-4 h-16 w-full" />
      ) : mine.isError ? (
        <ErrorState title="Could not load your plans" message={errorText(mine.error)} />
      ) : mine.data.productPlans.length === 0 ? (
        <EmptyState
          icon={<Layers className="size-6" aria-hidden="true" />}
          title="No plans of your own yet"
          message="Your organizations see the standard plans until you define yours."
        />
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {mine.data.productPlans.map((p) => (
            <li key={p.productPlanId} className="py-3" data-my-plan={p.name}>
              <div className="flex items-center justify-between gap-3">
                <div>
                  <p className="text-sm font-medium text-slate-900">{p.name}</p>
                  <p className="text-xs text-slate-600">{displayUsd(p.priceMonth)} per month</p>
                </div>
                <div className="flex gap-2">
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => setOffering(p.productPlanId)}
                    aria-label={`Offer ${p.name}`}
                    aria-expanded={offering === p.productPlanId}
                  >
                    Offer
                  </Button>
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => open('editPlan', String(p.productPlanId))}
                    aria-label={`Edit ${p.name}`}
                  >
                    Edit
                  </Button>
                </div>
              </div>
              {offering === p.productPlanId && (
                <OfferPlanForm planId={p.productPlanId} planName={p.name} onDone={() => setOffering(null)} />
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
