import { Columns2, FlaskConical, Pencil, Play, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { TestScenario, TestStatus } from '@switchboard/core/contracts/agentTests';
import { confirm } from '../../../shell/confirm.tsx';
import { notify } from '../../../shell/toast.tsx';
import { Button, EmptyState, ErrorState, LoadingBlock } from '../../../ui/index.ts';
import { useLatestRun, useTestActions, useTestProgress, useTestRun, useTestSuite } from '../api.ts';
import { CompareDialog, type Comparison } from './CompareDialog.tsx';
import { ScenarioForm } from './ScenarioForm.tsx';
import { TestResultDialog } from './TestResultDialog.tsx';
import { StatusBadge } from './TestStatusBadge.tsx';

/**
 * The agent's test suite beside the editor: scenarios with their latest result, Run / Run all with live
 * progress, the publish setting, and each result's transcript with the failing expectation marked.
 */
export function TestsPanel({ target, agentId }: { target: number | null; agentId: number }) {
  const actions = useTestActions(target);
  const suite = useTestSuite(target);
  const latest = useLatestRun(target);
  const [runId, setRunId] = useState<number | null>(null);
  const activeId = runId ?? latest.data?.runs[0]?.id ?? null;
  const run = useTestRun(target, activeId);
  const progress = useTestProgress(target, agentId);
  const [editing, setEditing] = useState<TestScenario | 'new' | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  const [starting, setStarting] = useState(false);
  const [comparison, setComparison] = useState<Comparison | null>(null);
  const [comparing, setComparing] = useState(false);
  const [compareError, setCompareError] = useState<string | null>(null);

  if (suite.isError) return <ErrorState message={(suite.error as Error).message} />;
  if (!suite.data) return <LoadingBlock />;
  const { scenarios, settings, modelPlaysCustomer } = suite.data;
  const current = run.data?.run;
  const live = current ? progress[current.id] : undefined;
  const running = current != null && (['queued', 'running'].includes(live?.status ?? current.status) || starting);
  const done = live?.done ?? current?.results.filter((r) => !['queued', 'running'].includes(r.status)).length ?? 0;

  /** A scenario's status: from the run in view when it includes it, else its own latest result. */
  const statusOf = (s: TestScenario): { status: TestStatus | 'none'; reason: string | null } => {
    const inRun = current?.results.find((r) => r.scenarioId === s.id);
    if (inRun) {
      const p = live && Object.values(progress).find((e) => e.runId === current!.id && e.scenarioId === s.id);
      const status = inRun.status === 'queued' || inRun.status === 'running' ? (p?.scenarioStatus ?? inRun.status) : inRun.status;
      return { status, reason: inRun.failure?.reason ?? null };
    }
    return s.last ? { status: s.last.status, reason: s.last.reason } : { status: 'none', reason: null };
  };

  const start = async (ids?: number[]) => {
    setStarting(true);
    try {
      const r = await actions.run.mutateAsync(ids);
      setRunId(r.run.id);
    } catch (e) {
      notify.error((e as Error).message);
    } finally {
      setStarting(false);
    }
  };

  /** Runs the suite against the draft and the published agent, and opens the comparison. */
  const compare = async () => {
    setComparing(true);
    setCompareError(null);
    setComparison(null);
    try {
      const r = await actions.compare.mutateAsync();
      setComparison({ staging: r.staging.id, production: r.production.id });
    } catch (e) {
      setCompareError((e as Error).message);
    }
  };

  const viewed = viewing != null ? current?.results.find((r) => r.scenarioId === viewing) : undefined;

  return (
    <section aria-labelledby="agent-tests-title" className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="agent-tests-title" className="text-sm font-semibold text-slate-900">
          Test scenarios
        </h2>
        <div className="ml-auto flex flex-wrap justify-end gap-2">
          <Button size="xs" variant="secondary" onClick={() => setEditing('new')}>
            <Plus className="size-3.5" aria-hidden /> New scenario
          </Button>
          {scenarios.length > 0 && (
            <Button size="xs" loading={starting} disabled={running} onClick={() => void start()}>
              <Play className="size-3.5" aria-hidden /> Run all
            </Button>
          )}
          {scenarios.length > 0 && (
            <Button size="xs" variant="secondary" disabled={actions.compare.isPending} onClick={() => void compare()}>
              <Columns2 className="size-3.5" aria-hidden /> Compare with live
            </Button>
          )}
        </div>
      </div>
      <p className="text-xs text-slate-500">
        {modelPlaysCustomer
          ? 'A language model plays each customer from its persona and goal, after the messages you write.'
          : 'No language model is connected: each customer sends the messages you write, in order.'}{' '}
        Functions are recorded, never carried out.
      </p>

      <label className="flex items-start gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          className="mt-0.5 size-4 rounded border-slate-300"
          checked={settings.requirePassToPublish}
          onChange={async (e) => {
            try {
              await actions.settings.mutateAsync(e.target.checked);
            } catch (err) {
              notify.error((err as Error).message);
            }
          }}
        />
        <span>Require tests to pass before publishing</span>
      </label>

      {current && (
        <div
          className="rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm"
          role="status"
          aria-live="polite"
          data-testid="test-run-status"
          data-status={running ? 'running' : current.status}
        >
          <div className="flex items-center justify-between gap-2">
            <span className="font-medium text-slate-800">
              {running ? `Running: ${done} of ${current.total} done` : `Last run: ${current.passed} passed, ${current.failed} failed`}
            </span>
            <StatusBadge status={running ? 'running' : current.status} />
          </div>
          <progress className="mt-2 h-1.5 w-full accent-brand-600" max={current.total || 1} value={done} aria-label="Run progress" />
        </div>
      )}

      {scenarios.length === 0 ? (
        <EmptyState
          icon={<FlaskConical className="size-6" aria-hidden />}
          title="No scenarios yet"
          message="Write what a customer says and what the agent must do; run it before customers meet the agent."
          action={
            <Button size="sm" onClick={() => setEditing('new')}>
              Write a scenario
            </Button>
          }
        />
      ) : (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white" aria-label="Scenarios">
          {scenarios.map((s) => {
            const st = statusOf(s);
            const hasResult = current?.results.some((r) => r.scenarioId === s.id && !['queued', 'running'].includes(r.status));
            return (
              <li key={s.id} className="space-y-1 px-3 py-2" data-testid="test-scenario" data-name={s.name}>
                <div className="flex items-center gap-2">
                  <span className="min-w-0 flex-1 truncate text-sm font-medium text-slate-900">{s.name}</span>
                  <StatusBadge status={st.status} />
                </div>
                {st.status === 'failed' || st.status === 'error' ? (
                  <p className="text-xs text-red-700" data-testid="test-reason">
                    {st.reason}
                  </p>
                ) : null}
                <div className="flex flex-wrap gap-1">
                  <Button size="2xs" variant="ghost" disabled={running} onClick={() => void start([s.id])} aria-label={`Run ${s.name}`}>
                    <Play className="size-3" aria-hidden /> Run
                  </Button>
                  {hasResult && (
                    <Button size="2xs" variant="ghost" onClick={() => setViewing(s.id)} aria-label={`Results of ${s.name}`}>
                      Results
                    </Button>
                  )}
                  <Button size="2xs" variant="ghost" onClick={() => setEditing(s)} aria-label={`Edit ${s.name}`}>
                    <Pencil className="size-3" aria-hidden /> Edit
                  </Button>
                  <Button
                    size="2xs"
                    variant="ghost"
                    aria-label={`Delete ${s.name}`}
                    onClick={async () => {
                      const ok = await confirm({
                        title: 'Delete this scenario?',
                        message: `“${s.name}” is removed from the suite; past runs keep its results.`,
                        confirmText: 'Delete',
                        confirmColor: 'danger',
                      });
                      if (!ok) return;
                      await actions.remove.mutateAsync(s.id);
                    }}
                  >
                    <Trash2 className="size-3" aria-hidden />
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}

      {editing && (
        <ScenarioForm
          target={target}
          scenario={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={async () => {
            setEditing(null);
            await actions.refreshSuite();
          }}
        />
      )}
      {comparing && (
        <CompareDialog
          target={target}
          comparison={comparison}
          starting={actions.compare.isPending}
          error={compareError}
          onRetry={() => void compare()}
          onClose={() => setComparing(false)}
        />
      )}
      {viewed && current && <TestResultDialog result={viewed} run={current} onClose={() => setViewing(null)} />}
    </section>
  );
}
