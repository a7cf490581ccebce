import { displayUsd } from '@switchboard/core/rules/money';
import type { ProductPlan } from '@switchboard/core/contracts/billing';
import { ITEM_LABELS } from './PlanOption.tsx';

const range = (min: number, max: number | null) =>
  max === null ? `${Math.max(min, 1).toLocaleString()} and more` : `${Math.max(min, 1).toLocaleString()}–${max.toLocaleString()}`;

/** Every product item of a plan with its pricing tiers (graduated or volume), as a table each. */
export function PlanTiers({ plan }: { plan: ProductPlan }) {
  const items = Object.entries(plan.productItems).filter(([, item]) => item);
  if (items.length === 0) return <p className="text-sm text-slate-600">This plan has no usage prices.</p>;
  return (
    <div className="flex flex-col gap-4">
      {items.map(([kind, item]) => (
        <table key={kind} className="w-full text-left text-sm" data-item={kind}>
          <caption className="mb-1 text-left font-semibold text-slate-900">
            {ITEM_LABELS[kind] ?? kind}{' '}
            <span className="font-normal text-slate-600">
              ({item!.type === 'graduated' ? 'each unit at its tier’s price' : 'all units at the price of the tier the total reaches'})
            </span>
          </caption>
          <thead>
            <tr className="border-b border-slate-200 text-slate-600">
              <th scope="col" className="py-1 font-medium">
                Quantity
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Price per {item!.unit}
              </th>
            </tr>
          </thead>
          <tbody>
            {item!.tiers.map((tier) => (
              <tr key={tier.quantityMin} className="border-b border-slate-100">
                <td className="py-1.5">{range(tier.quantityMin, tier.quantityMax)}</td>
                <td className="py-1.5 text-right tabular-nums">{tier.price === 0 ? 'Included' : displayUsd(tier.price)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ))}
    </div>
  );
}
