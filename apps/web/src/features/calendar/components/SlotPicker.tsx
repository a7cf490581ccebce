import { useMemo, useState } from 'react';
import { cn } from '../../../ui/index.ts';

type Slot = { start: number; end: number };

/** Free slots grouped by day in the visitor's time zone: pick a day, then a time. */
export function SlotPicker({ slots, zone, onPick }: { slots: Slot[]; zone: string; onPick: (s: Slot) => void }) {
  const days = useMemo(() => {
    const key = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
    const label = new Intl.DateTimeFormat(undefined, { timeZone: zone, weekday: 'short', month: 'short', day: 'numeric' });
    const map = new Map<string, { label: string; slots: Slot[] }>();
    for (const s of slots) {
      const k = key.format(s.start);
      if (!map.has(k)) map.set(k, { label: label.format(s.start), slots: [] });
      map.get(k)!.slots.push(s);
    }
    return [...map.entries()].map(([k, v]) => ({ key: k, ...v }));
  }, [slots, zone]);
  const [day, setDay] = useState(days[0]?.key ?? '');
  const current = days.find((d) => d.key === day) ?? days[0];
  const time = new Intl.DateTimeFormat(undefined, { timeZone: zone, hour: 'numeric', minute: '2-digit' });

  return (
    <div className="flex flex-col gap-4">
      <div role="group" aria-label="Day" className="flex gap-2 overflow-x-auto pb-1">
        {days.map((d) => (
          <button
            key={d.key}
            type="button"
            aria-pressed={d.key === current?.key}
            onClick={() => setDay(d.key)}
            className={cn(
              'shrink-0 rounded-lg px-3 py-2 text-sm font-medium ring-1 ring-slate-300 focus-visible:outline-2 focus-visible:outline-brand-600',
              d.key === current?.key ? 'bg-brand-600 text-white ring-brand-600' : 'bg-white text-slate-800 hover:bg-slate-50',
            )}
          >
            {d.label}
          </button>
        ))}
      </div>
      <div role="group" aria-label={`Times on ${current?.label ?? ''}`} className="grid grid-cols-3 gap-2 sm:grid-cols-4">
        {current?.slots.map((s) => (
          <button
            key={s.start}
            type="button"
            onClick={() => onPick(s)}
            className="rounded-lg bg-white px-2 py-2.5 text-sm font-medium text-brand-700 ring-1 ring-brand-300 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            {time.format(s.start)}
          </button>
        ))}
      </div>
    </div>
  );
}
