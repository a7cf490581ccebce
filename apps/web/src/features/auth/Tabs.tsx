import { useRef, type KeyboardEvent } from 'react';
import { cn } from '../../ui/cn.ts';

export type Method = 'email' | 'phone';

export const METHOD_PANEL_ID = 'auth-method-panel';

/** E-mail / phone tabs (arrow keys, Home and End move between them; the form below is the tab panel). */
export function MethodTabs({ value, onChange }: { value: Method; onChange: (m: Method) => void }) {
  const items: { id: Method; label: string }[] = [
    { id: 'email', label: 'E-mail' },
    { id: 'phone', label: 'Phone' },
  ];
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  function onKeyDown(e: KeyboardEvent) {
    const i = items.findIndex((it) => it.id === value);
    const next =
      e.key === 'ArrowRight'
        ? items[(i + 1) % items.length]
        : e.key === 'ArrowLeft'
          ? items[(i - 1 + items.length) % items.length]
          : e.key === 'Home'
            ? items[0]
            : e.key === 'End'
              ? items[items.length - 1]
              : null;
    if (!next) return;
    e.preventDefault();
    onChange(next.id);
    refs.current[next.id]?.focus();
  }
  return (
    <div
      role="tablist"
      aria-label="Sign-in method"
      className="mb-6 grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1"
      onKeyDown={onKeyDown}
    >
      {items.map((it) => (
        <button
          key={it.id}
          ref={(el) => {
            refs.current[it.id] = el;
          }}
          id={`auth-tab-${it.id}`}
          type="button"
          role="tab"
          aria-selected={value === it.id}
          aria-controls={METHOD_PANEL_ID}
          tabIndex={value === it.id ? 0 : -1}
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
