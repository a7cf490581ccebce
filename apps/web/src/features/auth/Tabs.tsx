import { cn } from '../../ui/cn.ts';

export type Method = 'email' | 'phone';

/** E-mail / phone switch (a radio group: arrow keys move between the two). */
export function MethodTabs({ value, onChange }: { value: Method; onChange: (m: Method) => void }) {
  const items: { id: Method; label: string }[] = [
    { id: 'email', label: 'E-mail' },
    { id: 'phone', label: 'Phone' },
  ];
  return (
    <div role="tablist" aria-label="Sign-in method" className="mb-6 grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1">
      {items.map((it) => (
        <button
          key={it.id}
          type="button"
          role="tab"
          aria-selected={value === it.id}
          onClick={() => onChange(it.id)}
          className={cn(
            'rounded-lg px-3 py-2 text-sm font-medium transition-colors',
            value === it.id ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
          )}
        >
          {it.label}
        </button>
      ))}
    </div>
  );
}
