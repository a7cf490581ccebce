import { displayUsd } from '@switchboard/core/rules/money';
import type { ProductPlan } from '@switchboard/core/contracts/billing';
import { Check } from 'lucide-react';
import { Button } from '../../../ui/index.ts';

export const ITEM_LABELS: Record<string, string> = {
  voiceMinutes: 'voice minutes',
  advancedVoiceMinutes: 'advanced voice minutes',
  messagesIn: 'messages in',
  messagesOut: 'messages out',
  tokens: 'model tokens',
  numbers: 'phone numbers',
};

const ITEM_LABELS_ONE: Record<string, string> = {
  'voice minutes': 'voice minute',
  'advanced voice minutes': 'advanced voice minute',
  'messages in': 'message in',
  'messages out': 'message out',
  'model tokens': 'model token',
  'phone numbers': 'phone number',
};

/** An item's label for a count: "1 phone number", "2 phone numbers". */
function included(label: string, count: number): string {
  return count === 1 ? (ITEM_LABELS_ONE[label] ?? label) : label;
}

/** What a plan includes: each item's free first tier, in words. */
export function includedOf(plan: ProductPlan): string[] {
  return Object.entries(plan.productItems).flatMap(([kind, item]) => {
    const first = item?.tiers[0];
    return first && first.price === 0 && first.quantityMax
      ? [`${first.quantityMax.toLocaleString()} ${included(ITEM_LABELS[kind] ?? kind, first.quantityMax)} included`]
      : [];
  });
}

/** One plan of the catalog with its price and inclusions, and a button to choose it. */
export function PlanOption({
  plan,
  current,
  onChoose,
  onDetails,
}: {
  plan: ProductPlan;
  current: boolean;
  onChoose: () => void;
  onDetails?: () => void;
}) {
  return (
    <li className="flex flex-col rounded-xl border border-slate-200 p-4" data-plan-option={plan.name}>
      <div className="flex items-baseline justify-between gap-2">
        <h3 className="text-base font-semibold text-slate-900">{plan.name}</h3>
        <p className="text-sm text-slate-700">
          <span className="text-lg font-semibold text-slate-900">{displayUsd(plan.priceMonth)}</span> / month
        </p>
      </div>
      <p className="mt-1 text-sm text-slate-600">{plan.description}</p>
      <ul className="mt-3 space-y-1.5">
        {includedOf(plan).map((line) => (
          <li key={line} className="flex items-center gap-2 text-sm text-slate-700">
            <Check className="size-4 text-emerald-600" aria-hidden="true" /> {line}
          </li>
        ))}
      </ul>
      <div className="mt-auto flex flex-wrap gap-2 pt-4">
        <Button className="flex-1" variant={current ? 'secondary' : 'primary'} disabled={current} onClick={onChoose}>
          {current ? 'Your plan' : `Choose ${plan.name}`}
        </Button>
        {onDetails && (
          <Button variant="ghost" onClick={onDetails} aria-label={`Prices of ${plan.name}`}>
            Prices
          </Button>
        )}
      </div>
    </li>
  );
}
