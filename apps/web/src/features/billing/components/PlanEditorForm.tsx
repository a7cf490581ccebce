import { useState, type FormEvent } from 'react';
import type { ProductPlan } from '@switchboard/core/contracts/billing';
import { formatUsdMicros, parseUsdMicros } from '@switchboard/core/rules/money';
import { PRODUCT_ITEM_KINDS, type ProductItemKind } from '@switchboard/core/rules/pricing';
import { fieldError } from '../../../api/mutation.ts';
import { Button, Field, TextField } from '../../../ui/index.ts';
import { useSavePlan, type PlanDraft } from '../api.ts';
import { ITEM_LABELS } from './PlanOption.tsx';
import { TierRows, type TierDraft } from './TierRows.tsx';

type ItemDraft = { on: boolean; type: 'graduated' | 'volume'; unit: string; tiers: TierDraft[] };
const UNITS: Record<ProductItemKind, string> = {
  voiceMinutes: 'minute',
  advancedVoiceMinutes: 'minute',
  messagesIn: 'message',
  messagesOut: 'message',
  tokens: 'token',
  numbers: 'number',
};

function draftOf(plan: ProductPlan | null): Record<ProductItemKind, ItemDraft> {
  return Object.fromEntries(
    PRODUCT_ITEM_KINDS.map((k) => {
      const item = plan?.productItems[k];
      const tiers = item?.tiers.map((t) => ({
        quantityMin: String(t.quantityMin),
        quantityMax: t.quantityMax == null ? '' : String(t.quantityMax),
        price: formatUsdMicros(t.price),
      }));
      return [
        k,
        {
          on: !!item,
          type: item?.type ?? 'graduated',
          unit: item?.unit ?? UNITS[k],
          tiers: tiers ?? [{ quantityMin: '0', quantityMax: '', price: '0.00' }],
        },
      ];
    }),
  ) as Record<ProductItemKind, ItemDraft>;
}

/** A partner's or reseller's plan: name, prices, and which usage it charges with which tiers. */
export function PlanEditorForm({ plan, onDone }: { plan: ProductPlan | null; onDone: () => void }) {
  const [name, setName] = useState(plan?.name ?? '');
  const [description, setDescription] = useState(plan?.description ?? '');
  const [priceMonth, setPriceMonth] = useState(plan ? formatUsdMicros(plan.priceMonth) : '');
  const [priceYear, setPriceYear] = useState(plan ? formatUsdMicros(plan.priceYear) : '');
  const [items, setItems] = useState(() => draftOf(plan));
  const save = useSavePlan(plan?.productPlanId ?? null);
  const setItem = (k: ProductItemKind, patch: Partial<ItemDraft>) => setItems((all) => ({ ...all, [k]: { ...all[k], ...patch } }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const productItems: PlanDraft['productItems'] = {};
    for (const k of PRODUCT_ITEM_KINDS) {
      const it = items[k];
      if (!it.on) continue;
      productItems[k] = {
        type: it.type,
        unit: it.unit,
        // A price that is not a USD amount is sent as -1 so the server names the item's tiers.
        tiers: it.tiers.map((t) => ({
          quantityMin: Number(t.quantityMin) || 0,
          quantityMax: t.quantityMax.trim() === '' ? null : Number(t.quantityMax),
          price: parseUsdMicros(t.price) ?? -1,
        })),
      };
    }
    save.mutate({ name: name.trim(), description, priceMonth, priceYear, productItems }, { onSuccess: onDone });
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-4" aria-label="Plan">
      <TextField
        label="Name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={fieldError(save.error, 'name')}
        maxLength={80}
        required
      />
      <TextField
        label="Description"
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        error={fieldError(save.error, 'description')}
        maxLength={500}
      />
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label="Price per month (USD)"
          inputMode="decimal"
          value={priceMonth}
          onChange={(e) => setPriceMonth(e.target.value)}
          error={fieldError(save.error, 'priceMonth')}
          required
        />
        <TextField
          label="Price per year (USD)"
          inputMode="decimal"
          value={priceYear}
          onChange={(e) => setPriceYear(e.target.value)}
          error={fieldError(save.error, 'priceYear')}
          required
        />
      </div>
      {PRODUCT_ITEM_KINDS.map((k) => (
        <fieldset key={k} className="rounded-xl border border-slate-200 p-3">
          <legend className="px-1 text-sm font-semibold text-slate-900">
            <label className="flex items-center gap-2">
              <input type="checkbox" checked={items[k].on} onChange={(e) => setItem(k, { on: e.target.checked })} /> Charge for{' '}
              {ITEM_LABELS[k]}
            </label>
          </legend>
          {items[k].on && (
            <div className="mt-2 flex flex-col gap-2">
              <Field label="Tiers price" error={fieldError(save.error, `productItems.${k}`)}>
                {(a) => (
                  <select
                    {...a}
                    value={items[k].type}
                    onChange={(e) => setItem(k, { type: e.target.value as ItemDraft['type'] })}
                    className="rounded-lg px-3 py-2 text-sm ring-1 ring-slate-300"
                  >
                    <option value="graduated">each unit at its tier’s price (graduated)</option>
                    <option value="volume">all units at the tier the total reaches (volume)</option>
                  </select>
                )}
              </Field>
              <TierRows label={ITEM_LABELS[k] ?? k} tiers={items[k].tiers} onChange={(tiers) => setItem(k, { tiers })} />
            </div>
          )}
        </fieldset>
      ))}
      <Button type="submit" loading={save.isPending}>
        Save plan
      </Button>
    </form>
  );
}
