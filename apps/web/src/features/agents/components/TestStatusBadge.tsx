import { CheckCircle2, CircleDashed, Loader2, XCircle } from 'lucide-react';
import type { TestStatus } from '@switchboard/core/contracts/agentTests';
import { cn } from '../../../ui/index.ts';

const STATUS: Record<TestStatus | 'none', { text: string; cls: string; icon: typeof CheckCircle2 }> = {
  none: { text: 'Not run', cls: 'bg-slate-100 text-slate-600', icon: CircleDashed },
  queued: { text: 'Waiting', cls: 'bg-slate-100 text-slate-700', icon: Loader2 },
  running: { text: 'Running', cls: 'bg-sky-50 text-sky-800', icon: Loader2 },
  passed: { text: 'Passed', cls: 'bg-emerald-50 text-emerald-800', icon: CheckCircle2 },
  failed: { text: 'Failed', cls: 'bg-red-50 text-red-800', icon: XCircle },
  error: { text: 'Could not run', cls: 'bg-amber-50 text-amber-800', icon: XCircle },
};

/** A test's status in words with its icon (a scenario, a result or a whole run). */
export function StatusBadge({ status }: { status: TestStatus | 'none' }) {
  const s = STATUS[status];
  const Icon = s.icon;
  return (
    <span
      className={cn('inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium', s.cls)}
      data-status={status}
    >
      <Icon className={cn('size-3.5', (status === 'running' || status === 'queued') && 'animate-spin')} aria-hidden />
      {s.text}
    </span>
  );
}
