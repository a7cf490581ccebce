import { useState } from 'react';
import { errorText } from '../../../api/mutation.ts';
import { Button, ErrorState, Field, Input, selectClass } from '../../../ui/index.ts';
import { useOfferPlan, useOrganizationsToOffer } from '../api.ts';

/** Offer one plan to an organization below the partner or reseller: find it by name, choose, offer. */
export function OfferPlanForm({ planId, planName, onDone }: { planId: number; planName: string; onDone: () => void }) {
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<number | null>(null);
  const orgs = useOrganizationsToOffer(search.trim(), true);
  const offer = useOfferPlan();
  const list = orgs.data?.accounts ?? [];
  const selected = chosen ?? list[0]?.id ?? null;
  return (
    <form
      className="mt-3 space-y-3 rounded-lg bg-slate-50 p-3"
      aria-label={`Offer ${planName}`}
      onSubmit={(e) => {
        e.preventDefault();
        if (selected) offer.mutate({ organizationId: selected, productPlanId: planId }, { onSuccess: onDone });
      }}
    >
      <Field label="Find an organization">
        {(a11y) => <Input {...a11y} type="search" value={search} onChange={(e) => setSearch(e.target.value)} />}
      </Field>
      {orgs.isError ? (
        <ErrorState title="Could not load your organizations" message={errorText(orgs.error)} />
      ) : (
        <Field label="Organization" hint={orgs.isPending ? 'Loading…' : list.length === 0 ? 'No organization matches.' : undefined}>
          {(a11y) => (
            <select
              {...a11y}
              className={selectClass}
              value={selected ?? ''}
              onChange={(e) => setChosen(Number(e.target.value))}
              disabled={list.length === 0}
            >
              {list.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.displayName}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      {offer.isError && <ErrorState message={errorText(offer.error)} />}
      <div className="flex gap-2">
        <Button type="submit" size="sm" loading={offer.isPending} disabled={!selected}>
          Offer {planName}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
