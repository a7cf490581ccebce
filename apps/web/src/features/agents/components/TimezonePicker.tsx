import { Check, ChevronsUpDown } from 'lucide-react';
import { useId, useMemo, useRef, useState } from 'react';
import { cn, Input } from '../../../ui/index.ts';
import { filterTimezones, timezoneOptions } from '../timezoneOptions.ts';

/**
 * A searchable timezone field (ARIA combobox): type a city, region or offset ("paris", "gmt+1"),
 * move with the arrow keys, pick with Enter or a click. Shows the chosen zone with its current offset.
 */
export function TimezonePicker({
  id,
  value,
  onChange,
  describedBy,
}: {
  id: string;
  value: string;
  onChange: (zone: string) => void;
  describedBy?: string;
}) {
  const all = useMemo(() => timezoneOptions(), []);
  const selected = all.find((o) => o.value === value);
  const label = (o: { city: string; region: string; offset: string }) =>
    `${o.city}${o.region ? `, ${o.region}` : ''}${o.offset ? ` (${o.offset})` : ''}`;
  const [query, setQuery] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const listId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const open = query != null;
  const results = open ? filterTimezones(all, query) : [];

  const pick = (zone: string) => {
    onChange(zone);
    setQuery(null);
  };
  const move = (delta: number) => {
    const next = Math.max(0, Math.min(results.length - 1, active + delta));
    setActive(next);
    listRef.current?.children[next]?.scrollIntoView({ block: 'nearest' });
  };

  return (
    <div className="relative">
      <Input
        id={id}
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-describedby={describedBy}
        aria-activedescendant={open && results[active] ? `${listId}-${active}` : undefined}
        autoComplete="off"
        className="pr-9"
        placeholder="Search a city or offset"
        value={open ? query : selected ? label(selected) : value}
        onFocus={(e) => e.currentTarget.select()}
        onChange={(e) => (setQuery(e.target.value), setActive(0))}
        onBlur={() => setQuery(null)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            if (open) move(1);
            else setQuery('');
          } else if (e.key === 'ArrowUp') {
            e.preventDefault();
            move(-1);
          } else if (e.key === 'Enter' && open) {
            e.preventDefault();
            if (results[active]) pick(results[active].value);
          } else if (e.key === 'Escape' && open) {
            e.preventDefault();
            e.stopPropagation();
            setQuery(null);
          }
        }}
      />
      <ChevronsUpDown className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-400" aria-hidden />
      {open && (
        <ul
          id={listId}
          ref={listRef}
          role="listbox"
          aria-label="Timezones"
          className="absolute z-10 mt-1 max-h-64 w-full overflow-y-auto rounded-lg bg-white py-1 text-sm shadow-lg ring-1 ring-slate-200"
        >
          {results.length === 0 ? (
            <li className="px-3 py-2 text-slate-500" role="presentation">
              No timezone matches “{query}”
            </li>
          ) : (
            results.map((o, i) => (
              <li
                key={o.value}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={o.value === value}
                // mousedown, not click: the input's blur would close the list first.
                onMouseDown={(e) => (e.preventDefault(), pick(o.value))}
                onMouseEnter={() => setActive(i)}
                className={cn('flex cursor-pointer items-center gap-2 px-3 py-2', i === active && 'bg-brand-50')}
              >
                <span className="min-w-0 flex-1 truncate">
                  <span className="font-medium text-slate-900">{o.city}</span>
                  {o.region && <span className="text-slate-600">, {o.region}</span>}
                </span>
                <span className="shrink-0 text-xs text-slate-600">{o.offset}</span>
                {o.value === value && <Check className="size-4 text-brand-600" aria-hidden />}
              </li>
            ))
          )}
        </ul>
      )}
    </div>
  );
}
