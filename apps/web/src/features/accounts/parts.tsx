import { PAGE_SIZE } from '@switchboard/core/constants';
import { Bot, Building2, Check, ChevronLeft, ChevronRight, Copy, Network, User } from 'lucide-react';
import { useCallback, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { withOverlay, withoutOverlay } from '../../overlays/registry.ts';
import { notify } from '../../shell/toast.tsx';
import { Button, Skeleton } from '../../ui/index.ts';

export const TYPE_LABEL: Record<string, string> = {
  partner: 'Partner',
  reseller: 'Reseller',
  organization: 'Organization',
  agent: 'Agent',
  user: 'User',
};
export const TYPE_PLURAL: Record<string, string> = { reseller: 'resellers', organization: 'organizations', agent: 'agents' };
const TYPE_ICON: Record<string, typeof Bot> = { partner: Network, reseller: Network, organization: Building2, agent: Bot, user: User };

export function TypeBadge({ type }: { type: string }) {
  const Icon = TYPE_ICON[type] ?? Building2;
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700">
      <Icon className="size-3.5" aria-hidden="true" />
      {TYPE_LABEL[type] ?? type}
    </span>
  );
}

export function StatusBadge({ active }: { active: boolean }) {
  return active ? (
    <span className="inline-flex items-center rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800">Active</span>
  ) : (
    <span className="inline-flex items-center rounded-full bg-red-50 px-2 py-0.5 text-xs font-medium text-red-800">Disabled</span>
  );
}

export const formatDate = (ms: number | null | undefined) =>
  ms ? new Date(ms).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' }) : '—';

/** "1–20 of 45" and Previous / Next: pages of 20 (spec §9), page numbers from 0. */
export function Pagination({ page, total, onPage, label }: { page: number; total: number; onPage: (p: number) => void; label: string }) {
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  if (total <= PAGE_SIZE) return null;
  const from = page * PAGE_SIZE + 1;
  const to = Math.min(total, (page + 1) * PAGE_SIZE);
  return (
    <nav aria-label={`${label} pages`} className="flex items-center justify-between gap-3 border-t border-slate-100 px-4 py-3 sm:px-5">
      <p className="text-sm text-slate-600" aria-live="polite">
        {from}–{to} of {total}
      </p>
      <div className="flex gap-2">
        <Button size="xs" variant="secondary" disabled={page === 0} onClick={() => onPage(page - 1)} aria-label="Previous page">
          <ChevronLeft className="size-4" aria-hidden="true" /> Previous
        </Button>
        <Button size="xs" variant="secondary" disabled={page + 1 >= pages} onClick={() => onPage(page + 1)} aria-label="Next page">
          Next <ChevronRight className="size-4" aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}

export function ListSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <ul aria-busy="true" aria-label="Loading" className="divide-y divide-slate-100">
      {Array.from({ length: rows }, (_, i) => (
        <li key={i} className="flex items-center gap-3 px-4 py-3 sm:px-5">
          <Skeleton className="size-10 rounded-full" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-3 w-24" />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Copies text; says so in a toast and on the button. */
export function CopyButton({ text, label = 'Copy', size = 'sm' }: { text: string; label?: string; size?: 'xs' | 'sm' | 'md' }) {
  const [done, setDone] = useState(false);
  return (
    <Button
      size={size}
      variant="secondary"
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(text);
          setDone(true);
          notify('Copied to the clipboard');
          setTimeout(() => setDone(false), 2000);
        } catch {
          notify.error('Could not copy. Select the text and copy it yourself.');
        }
      }}
    >
      {done ? <Check className="size-4" aria-hidden="true" /> : <Copy className="size-4" aria-hidden="true" />}
      {done ? 'Copied' : label}
    </Button>
  );
}

/** Moves from the open overlay to another one (Back returns to the first). */
export function useSwitchOverlay(from: string) {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (key: string, value = 'true') =>
      navigate(
        { pathname: location.pathname, search: withOverlay(withoutOverlay(location.search, from), key, value) },
        { state: { overlay: key } },
      ),
    [navigate, location.pathname, location.search, from],
  );
}

/** A row of label and value in an info list. */
export function InfoRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 py-2.5 xs:flex-row xs:items-baseline xs:gap-4">
      <dt className="w-40 shrink-0 text-sm text-slate-500">{label}</dt>
      <dd className="min-w-0 text-sm break-words text-slate-900">{children}</dd>
    </div>
  );
}

export function SectionHeader({
  title,
  description,
  action,
  id,
}: {
  title: string;
  description?: string;
  action?: ReactNode;
  id?: string;
}) {
  return (
    <div className="flex flex-col gap-3 border-b border-slate-100 px-4 py-4 xs:flex-row xs:items-center sm:px-5">
      <div className="min-w-0 flex-1">
        <h2 id={id} className="text-base font-semibold text-slate-900">
          {title}
        </h2>
        {description && <p className="mt-0.5 text-sm text-slate-600">{description}</p>}
      </div>
      {action}
    </div>
  );
}

export { FormError, selectClass } from '../../ui/index.ts';

/** The footer of a form dialog: Cancel, and the submit button of the form with id `form`. */
export function FormFooter({
  form,
  label,
  loading,
  onCancel,
  variant = 'primary',
  disabled,
}: {
  form: string;
  label: ReactNode;
  loading?: boolean;
  onCancel: () => void;
  variant?: 'primary' | 'danger';
  disabled?: boolean;
}) {
  return (
    <>
      <Button variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" form={form} variant={variant} loading={loading} disabled={disabled}>
        {label}
      </Button>
    </>
  );
}
