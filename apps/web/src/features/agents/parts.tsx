import { CheckCircle2, CircleDot, Loader2, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../ui/index.ts';
import type { SaveState } from './useAgentEditor.ts';

const LABELS: Record<SaveState, { text: string; cls: string; icon: ReactNode }> = {
  loading: { text: 'Loading…', cls: 'bg-slate-100 text-slate-600', icon: <Loader2 className="size-3.5 animate-spin" aria-hidden /> },
  unsaved: {
    text: 'Unsaved changes',
    cls: 'bg-amber-50 text-amber-800 ring-amber-200',
    icon: <CircleDot className="size-3.5" aria-hidden />,
  },
  saving: { text: 'Saving…', cls: 'bg-slate-100 text-slate-700', icon: <Loader2 className="size-3.5 animate-spin" aria-hidden /> },
  saved: {
    text: 'Draft saved · not live yet',
    cls: 'bg-sky-50 text-sky-800 ring-sky-200',
    icon: <CheckCircle2 className="size-3.5" aria-hidden />,
  },
  publishing: { text: 'Publishing…', cls: 'bg-slate-100 text-slate-700', icon: <Loader2 className="size-3.5 animate-spin" aria-hidden /> },
  published: {
    text: 'Live',
    cls: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
    icon: <CheckCircle2 className="size-3.5" aria-hidden />,
  },
  error: { text: 'Not saved', cls: 'bg-red-50 text-red-800 ring-red-200', icon: <TriangleAlert className="size-3.5" aria-hidden /> },
};

/** Unsaved / saved / published, always visible in the editor. */
export function SaveStatus({ state }: { state: SaveState }) {
  const l = LABELS[state];
  return (
    <span
      role="status"
      aria-live="polite"
      data-testid="save-status"
      data-state={state}
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-medium ring-1 ring-inset ring-transparent',
        l.cls,
      )}
    >
      {l.icon}
      {l.text}
    </span>
  );
}

/** A titled part of the editor: an h2 under the page's h1, an h3 inside an overlay (whose title is the h2). */
export function Section({
  title,
  description,
  children,
  actions,
  level = 2,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  actions?: ReactNode;
  level?: 2 | 3;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section className="space-y-3">
      <div className="flex items-start justify-between gap-3">
        <div>
          <Heading className="text-sm font-semibold text-slate-900">{title}</Heading>
          {description && <p className="mt-0.5 text-sm text-slate-500">{description}</p>}
        </div>
        {actions}
      </div>
      {children}
    </section>
  );
}

export { selectClass } from '../../ui/index.ts';
