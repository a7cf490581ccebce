import { useCurrentPlan } from '../../billing/api.ts';
import { useNumbers } from '../api.ts';
import { numberPriceText } from '../numberPrice.ts';

/** "Price: …" before "Buy this number": the plan's price of the next number (its numbers item). */
export function NumberPrice({ target }: { target: number | null }) {
  const plan = useCurrentPlan();
  const numbers = useNumbers(target);
  if (plan.isPending || numbers.isPending) return <p className="text-sm text-slate-600">Checking the price…</p>;
  if (plan.isError || numbers.isError)
    return <p className="text-sm text-slate-600">We could not check the price: see your plan under Billing before you buy.</p>;
  const owned = numbers.data.phoneNumbers.filter((n) => n.kind !== 'byo').length;
  return (
    <p className="text-sm text-slate-900" data-number-price>
      <span className="font-medium">Price:</span> {numberPriceText(plan.data.productPlan, owned)}
    </p>
  );
}
