import { Columns2 } from 'lucide-react';
import type { TestRun } from '@switchboard/core/contracts/agentTests';
import { Button, Dialog, EmptyState, ErrorState, LoadingBlock } from '../../../ui/index.ts';
import { useTestRun } from '../api.ts';
import { CompareCell } from './CompareCell.tsx';

export interface Comparison {
  staging: number;
  production: number;
}

const busy = (r: TestRun | undefined) => !r || r.status === 'queued' || r.status === 'running';
const finishedCount = (r: TestRun) => r.results.filter((x) => !['queued', 'running'].includes(x.status)).length;

/**
 * The suite run against the draft (staging) and the published agent (production) side by side: per
 * scenario the two results, where they differ marked, each transcript on demand. Both runs are polled
 * until they end (the live socket refreshes them sooner).
 */
export function CompareDialog({
  target,
  comparison,
  starting,
  error,
  onRetry,
  onClose,
}: {
  target: number | null;
  comparison: Comparison | null;
  starting: boolean;
  error: string | null;
  onRetry: () => void;
  onClose: () => void;
}) {
  const staging = useTestRun(target, comparison?.staging ?? null);
  const production = useTestRun(target, comparison?.production ?? null);
  const s = staging.data?.run;
  const p = production.data?.run;
  const loadError = staging.error ?? production.error;

  let body;
  if (error || loadError) {
    body = (
      <ErrorState
        title="Could not compare"
        message={error ?? (loadError as Error).message}
        action={
          <Button size="sm" variant="secondary" onClick={onRetry}>
            Try again
          </Button>
        }
      />
    );
  } else if (starting || !s || !p) {
    body = <LoadingBlock label="Starting the comparison" />;
  } else if (s.total === 0) {
    body = (
      <EmptyState icon={<Columns2 className="size-6" aria-hidden />} title="No scenarios to compare" message="Write a scenario first." />
    );
  } else {
    const running = busy(s) || busy(p);
    const differ = s.results.filter((r) => {
      const other = p.results.find((x) => x.scenarioId === r.scenarioId);
      return !running && other && other.status !== r.status;
    }).length;
    body = (
      <div className="space-y-3">
        <div
          role="status"
          aria-live="polite"
          data-testid="compare-status"
          data-status={running ? 'running' : 'done'}
          className="rounded-lg border border-slate-200 px-3 py-2 text-sm text-slate-800"
        >
          {running ? (
            <>
              Running: {finishedCount(s) + finishedCount(p)} of {s.total + p.total} done
              <progress
                className="mt-2 h-1.5 w-full accent-brand-600"
                max={s.total + p.total}
                value={finishedCount(s) + finishedCount(p)}
                aria-label="Comparison progress"
              />
            </>
          ) : (
            <>
              Draft: {s.passed} passed, {s.failed} failed · Live: {p.passed} passed, {p.failed} failed
              {differ > 0 ? ` · ${differ} ${differ === 1 ? 'scenario differs' : 'scenarios differ'}` : ' · no difference'}
            </>
          )}
        </div>
        <ul className="space-y-3" aria-label="Scenarios compared">
          {s.results.map((r) => {
            const other = p.results.find((x) => x.scenarioId === r.scenarioId);
            const differs = !running && other != null && other.status !== r.status;
            return (
              <li
                key={r.scenarioId}
                className="space-y-2 rounded-lg border border-slate-200 p-2"
                data-testid="compare-scenario"
                data-name={r.scenarioName}
                data-differs={differs}
              >
                <div className="flex flex-wrap items-center gap-2">
                  <h3 className="min-w-0 flex-1 text-sm font-medium break-words text-slate-900">{r.scenarioName}</h3>
                  {differs && (
                    <span className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900 ring-1 ring-amber-200">
                      Different results
                    </span>
                  )}
                </div>
                <div className="grid grid-cols-2 gap-2">
                  <CompareCell side="staging" result={r} />
                  <CompareCell side="production" result={other} />
                </div>
              </li>
            );
          })}
        </ul>
      </div>
    );
  }

  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title="Draft compared with live"
      description="The same scenarios against your draft (staging) and the published agent (production)."
      size="lg"
    >
      {body}
    </Dialog>
  );
}
