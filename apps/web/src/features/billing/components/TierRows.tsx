import { Plus, Trash2 } from 'lucide-react';
import { Button, Input } from '../../../ui/index.ts';

/** A tier as typed: quantities as text, the price in USD per unit as text (parsed exactly on save). */
export interface TierDraft {
  quantityMin: string;
  quantityMax: string;
  price: string;
}

/** The pricing tiers of one product item: From, To (empty: no limit), price per unit; add and remove rows. */
export function TierRows({ label, tiers, onChange }: { label: string; tiers: TierDraft[]; onChange: (t: TierDraft[]) => void }) {
  const set = (i: number, patch: Partial<TierDraft>) => onChange(tiers.map((t, j) => (j === i ? { ...t, ...patch } : t)));
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">Pricing tiers of {label}</caption>
      <thead>
        <tr className="text-left text-slate-600">
          <th scope="col" className="font-medium">
            From
          </th>
          <th scope="col" className="font-medium">
            To
          </th>
          <th scope="col" className="font-medium">
            USD per unit
          </th>
          <th scope="col">
            <span className="sr-only">Remove</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {tiers.map((t, i) => (
          <tr key={i}>
            <td className="pr-2 pb-2">
              <Input
                aria-label={`${label} tier ${i + 1} from`}
                inputMode="numeric"
                value={t.quantityMin}
                onChange={(e) => set(i, { quantityMin: e.target.value })}
              />
            </td>
            <td className="pr-2 pb-2">
              <Input
                aria-label={`${label} tier ${i + 1} to`}
                inputMode="numeric"
                placeholder="no limit"
                value={t.quantityMax}
                onChange={(e) => set(i, { quantityMax: e.target.value })}
              />
            </td>
            <td className="pr-2 pb-2">
              <Input
                aria-label={`${label} tier ${i + 1} price`}
                inputMode="decimal"
                value={t.price}
                onChange={(e) => set(i, { price: e.target.value })}
              />
            </td>
            <td className="pb-2">
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remove ${label} tier ${i + 1}`}
                disabled={tiers.length === 1}
                onClick={() => onChange(tiers.filter((_, j) => j !== i))}
              >
                <Trash2 className="size-4" aria-hidden="true" />
              </Button>
            </td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <td colSpan={4}>
            <Button variant="link" size="sm" onClick={() => onChange([...tiers, { quantityMin: '', quantityMax: '', price: '' }])}>
              <Plus className="size-4" aria-hidden="true" /> Add a tier
            </Button>
          </td>
        </tr>
      </tfoot>
    </table>
  );
}
