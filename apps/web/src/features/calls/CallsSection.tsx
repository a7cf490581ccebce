import { Phone } from 'lucide-react';
import { useState } from 'react';
import { useActingTarget } from '../../api/acting.ts';
import { errorText } from '../../api/mutation.ts';
import { Button, EmptyState, ErrorState, LoadingBlock } from '../../ui/index.ts';
import { useOpenOverlay } from '../../overlays/open.ts';
import { useLocation } from 'react-router';
import { appPathUrl } from '@switchboard/core/rules/appPath';
import { appLocation } from '../../api/acting.ts';
import { useCallAgents, useCalls, useHangUpCall, type CallFilter } from './api.ts';
import { CallFilters } from './components/CallFilters.tsx';
import { CallRow } from './components/CallRow.tsx';

/** The Calls section: the organization's call log with filters, transcripts, and live calls to take over or end. */
export default function CallsSection() {
  const target = useActingTarget();
  const [filter, setFilter] = useState<CallFilter>({});
  const calls = useCalls(target, filter);
  const hangUp = useHangUpCall(target);
  const agents = useCallAgents(target);
  const open = useOpenOverlay();
  const loc = appLocation(useLocation().pathname);
  const path = loc.parsed.ok ? loc.parsed.path : [];
  const inbox = path.length ? `${appPathUrl(path)}/inbox` : '/inbox';

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 p-4 sm:p-6">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="flex-1 text-xl font-semibold tracking-tight text-slate-900 sm:text-2xl">Calls</h1>
        <Button size="sm" variant="secondary" onClick={() => open('calling', 'web')}>
          <Phone className="size-4" aria-hidden /> Test call
        </Button>
      </div>
      <CallFilters value={filter} onChange={setFilter} agents={agents.data ?? []} />
      {calls.isPending ? (
        <LoadingBlock />
      ) : calls.isError ? (
        <ErrorState message={errorText(calls.error)} action={<Button onClick={() => calls.refetch()}>Try again</Button>} />
      ) : calls.data.calls.length === 0 ? (
        <EmptyState
          icon={<Phone className="size-6" aria-hidden />}
          title="No calls yet"
          message="Calls to and from your number, and test calls, appear here with their transcripts."
        />
      ) : (
        <ul aria-label="Calls" className="flex flex-col gap-2">
          {calls.data.calls.map((c) => (
            <CallRow
              key={c.id}
              call={c}
              inbox={inbox}
              target={target}
              onWatch={(id) => open('takeover', id)}
              onHangUp={(id) => hangUp.mutate(id)}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
