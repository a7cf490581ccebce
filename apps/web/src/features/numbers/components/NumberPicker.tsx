import { useState, type FormEvent } from 'react';
import { Search } from 'lucide-react';
import { errorText, fieldError } from '../../../api/mutation.ts';
import { Button, EmptyState, ErrorState, Field, Spinner, TextField, cn, tabListKeyDown } from '../../../ui/index.ts';
import { useBuyNumber, useSearchNumbers, type AvailableNumberInfo, type PhoneNumberInfo } from '../api.ts';
import { CapabilityBadges } from './CapabilityBadges.tsx';
import { NumberPrice } from './NumberPrice.tsx';

const COUNTRIES = [
  { code: 'US', name: 'United States' },
  { code: 'CA', name: 'Canada' },
  { code: 'GB', name: 'United Kingdom' },
  { code: 'AU', name: 'Australia' },
  { code: 'DE', name: 'Germany' },
];
const MODES = [
  { id: 'prefix', label: 'Area code' },
  { id: 'locality', label: 'City' },
  { id: 'phrase', label: 'Word' },
] as const;
type Mode = (typeof MODES)[number]['id'];

/**
 * Search the carrier (by area code or first digits, by city and region, or by a word the number
 * spells) and buy one of the results. Used by the selectNumber overlay and onboarding's CHOOSE_NUMBER.
 */
export function NumberPicker({ target, onBought }: { target: number | null; onBought?: (n: PhoneNumberInfo) => void }) {
  const [mode, setMode] = useState<Mode>('prefix');
  const [country, setCountry] = useState('US');
  const [prefix, setPrefix] = useState('');
  const [strict, setStrict] = useState(false);
  const [city, setCity] = useState('');
  const [region, setRegion] = useState('');
  const [phrase, setPhrase] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const [gone, setGone] = useState<Set<string>>(new Set());
  const search = useSearchNumbers(target);
  const buy = useBuyNumber(target, onBought);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setChosen(null);
    buy.reset();
    if (mode === 'prefix') search.mutate({ kind: 'prefix', prefix, country, strict });
    else if (mode === 'locality') search.mutate({ kind: 'locality', city, region, country });
    else search.mutate({ kind: 'phrase', phrase, city: city || undefined, region: region || undefined, country });
  };
  const purchase = () => {
    if (!chosen) return;
    buy.mutate(
      { number: chosen, country },
      { onError: (e) => (e as { status?: number }).status === 409 && setGone((g) => new Set([...g, chosen])) },
    );
  };
  const results = (search.data?.numbers ?? []).filter((n) => !gone.has(n.number));
  const err = search.error;

  return (
    <div className="flex flex-col gap-4">
      <div
        role="tablist"
        aria-label="Search numbers by"
        onKeyDown={tabListKeyDown}
        className="grid grid-cols-3 gap-1 rounded-lg bg-slate-100 p-1"
      >
        {MODES.map((m) => (
          <button
            key={m.id}
            type="button"
            role="tab"
            aria-selected={mode === m.id}
            onClick={() => setMode(m.id)}
            className={cn(
              'rounded-md py-1.5 text-sm font-medium',
              mode === m.id ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
            )}
          >
            {m.label}
          </button>
        ))}
      </div>
      <form onSubmit={submit} noValidate className="flex flex-col gap-3" aria-label="Number search">
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label="Country">
            {(a11y) => (
              <select
                {...a11y}
                value={country}
                onChange={(e) => setCountry(e.target.value)}
                className="rounded-lg border-0 px-3 py-2.5 text-sm ring-1 ring-slate-300 ring-inset"
              >
                {COUNTRIES.map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {mode === 'prefix' && (
            <TextField
              label="Area code or first digits"
              inputMode="numeric"
              placeholder="415"
              value={prefix}
              onChange={(e) => setPrefix(e.target.value)}
              error={fieldError(err, 'prefix')}
            />
          )}
          {mode === 'phrase' && (
            <TextField
              label="Word or phrase"
              placeholder="PIZZA"
              maxLength={20}
              value={phrase}
              onChange={(e) => setPhrase(e.target.value)}
              error={fieldError(err, 'phrase')}
              hint="Letters as on a phone keypad, up to 7."
            />
          )}
        </div>
        {mode !== 'prefix' && (
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField
              label="City"
              placeholder="San Francisco"
              value={city}
              onChange={(e) => setCity(e.target.value)}
              error={fieldError(err, 'city')}
            />
            <TextField label="State or region" placeholder="CA" value={region} onChange={(e) => setRegion(e.target.value)} />
          </div>
        )}
        {mode === 'prefix' && (
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              checked={strict}
              onChange={(e) => setStrict(e.target.checked)}
              className="size-4 rounded border-slate-300"
            />
            Only numbers that start with these digits
          </label>
        )}
        <Button type="submit" loading={search.isPending} className="self-start">
          <Search className="size-4" aria-hidden /> Search
        </Button>
      </form>

      {search.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner label="Searching numbers" />
        </div>
      ) : err && !fieldError(err, 'prefix', 'phrase', 'city') ? (
        <ErrorState message={errorText(err)} />
      ) : search.isSuccess && results.length === 0 ? (
        <EmptyState title="No numbers match" message="Try a nearby area code, another city or a shorter word." className="py-6" />
      ) : results.length > 0 ? (
        <div className="flex flex-col gap-3">
          <div
            role="radiogroup"
            aria-label="Available numbers"
            className="max-h-72 divide-y divide-slate-100 overflow-y-auto rounded-lg ring-1 ring-slate-200"
          >
            {results.map((n) => (
              <ResultRow key={n.number} n={n} checked={chosen === n.number} onChoose={() => setChosen(n.number)} />
            ))}
          </div>
          {buy.error ? <ErrorState message={errorText(buy.error)} /> : null}
          <NumberPrice target={target} />
          <Button onClick={purchase} disabled={!chosen} loading={buy.isPending} className="self-start">
            Buy this number
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function ResultRow({ n, checked, onChoose }: { n: AvailableNumberInfo; checked: boolean; onChoose: () => void }) {
  return (
    <label className={cn('flex cursor-pointer items-center gap-3 px-3 py-2.5 text-sm', checked ? 'bg-brand-50' : 'hover:bg-slate-50')}>
      <input
        type="radio"
        name="available-number"
        value={n.number}
        checked={checked}
        onChange={onChoose}
        className="size-4 shrink-0 accent-brand-600"
      />
      <span className="flex-1">
        <span className="block font-medium text-slate-900 tabular-nums">{n.vanity ?? n.friendlyName}</span>
        <span className="block text-xs text-slate-500">{[n.locality, n.region, n.country].filter(Boolean).join(', ')}</span>
      </span>
      <CapabilityBadges caps={n.capabilities} />
    </label>
  );
}
