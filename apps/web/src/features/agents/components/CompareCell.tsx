import { ChevronDown, ChevronRight } from 'lucide-react';
import { useId, useState } from 'react';
import type { ScenarioResult } from '@switchboard/core/contracts/agentTests';
import { Button } from '../../../ui/index.ts';
import { StatusBadge } from './TestStatusBadge.tsx';
import { TestTranscript } from './TestTranscript.tsx';

/** One side of a compared scenario: its status, the failing expectation's reason, the transcript on demand. */
export function CompareCell({ side, result }: { side: 'staging' | 'production'; result: ScenarioResult | undefined }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const name = side === 'staging' ? 'Draft' : 'Live';
  const finished = result != null && !['queued', 'running'].includes(result.status);
  return (
    <div className="min-w-0 space-y-1.5 rounded-lg bg-slate-50 p-2" data-testid={`compare-${side}`} data-status={result?.status ?? 'none'}>
      <p className="text-xs font-medium text-slate-600">
        {name} <span className="font-normal text-slate-500">({side})</span>
      </p>
      <div>
        <StatusBadge status={result?.status ?? 'none'} />
      </div>
      {result?.failure && (
        <p className="text-xs break-words text-red-800" data-testid="compare-reason">
          {result.failure.reason}
        </p>
      )}
      {finished && (
        <>
          <Button
            size="2xs"
            variant="secondary"
            aria-expanded={open}
            aria-controls={id}
            aria-label={`${open ? 'Hide' : 'Show'} the ${name.toLowerCase()} transcript of ${result.scenarioName}`}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? <ChevronDown className="size-3" aria-hidden /> : <ChevronRight className="size-3" aria-hidden />}
            Transcript
          </Button>
          {open && (
            <div id={id}>
              <TestTranscript narrow turns={result.transcript} label={`${name} transcript of ${result.scenarioName}`} />
            </div>
          )}
        </>
      )}
    </div>
  );
}
