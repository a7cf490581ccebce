import { CheckCircle2, XCircle } from 'lucide-react';
import type { ScenarioResult, TestRun } from '@switchboard/core/contracts/agentTests';
import { cn, Dialog } from '../../../ui/index.ts';
import { StatusBadge } from './TestStatusBadge.tsx';
import { TestTranscript } from './TestTranscript.tsx';

/** One scenario's result: its expectations (the failing one first and marked) and the transcript. */
export function TestResultDialog({ result, run, onClose }: { result: ScenarioResult; run: TestRun; onClose: () => void }) {
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={result.scenarioName}
      description={`Run ${run.id} on the ${run.copy === 'default' ? 'published agent' : 'draft'} · ${result.channel === 'voice' ? 'call' : 'chat'}`}
      size="lg"
    >
      <div className="space-y-4">
        <div className="flex items-center gap-2">
          <StatusBadge status={result.status} />
          {result.failure && <span className="text-sm text-red-800">{result.failure.reason}</span>}
        </div>
        {result.expectations.length > 0 && (
          <div>
            <h3 className="mb-1 text-sm font-semibold text-slate-800">Expectations</h3>
            <ul className="space-y-1" aria-label="Expectations">
              {result.expectations.map((e) => (
                <li
                  key={e.index}
                  data-testid="expectation-result"
                  data-passed={e.passed}
                  className={cn(
                    'flex items-start gap-2 rounded-md px-2 py-1 text-sm',
                    e.passed ? 'text-slate-700' : 'bg-red-50 font-medium text-red-800 ring-1 ring-red-200',
                  )}
                >
                  {e.passed ? (
                    <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-label="Passed" />
                  ) : (
                    <XCircle className="mt-0.5 size-4 shrink-0 text-red-600" aria-label="Failed" />
                  )}
                  <span>{e.reason}</span>
                </li>
              ))}
            </ul>
          </div>
        )}
        <div>
          <h3 className="mb-1 text-sm font-semibold text-slate-800">Transcript</h3>
          <TestTranscript turns={result.transcript} />
        </div>
      </div>
    </Dialog>
  );
}
