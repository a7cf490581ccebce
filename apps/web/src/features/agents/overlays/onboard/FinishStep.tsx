import type { Send } from './send.ts';
import { useState } from 'react';
import { ApiError } from '../../../../api/mutation.ts';
import { notify } from '../../../../shell/toast.tsx';
import { Button } from '../../../../ui/index.ts';
import { useInvalidateAgents, usePublishAgent } from '../../api.ts';

export function FinishStep({ send, target }: { send: Send; target: number | null }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const invalidate = useInvalidateAgents();
  const publish = usePublishAgent(target);
  return (
    <div className="space-y-4">
      <p className="text-slate-600">Want help getting the most out of your agent? Book a free call with one of our experts.</p>
      <a
        className="inline-flex h-10 items-center rounded-lg px-4 text-sm font-medium text-brand-700 ring-1 ring-brand-200 hover:bg-brand-50"
        href="/schedule?host=switchboard&type=onboarding"
        target="_blank"
        rel="noreferrer"
      >
        Schedule a call
      </a>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <div>
        <Button
          loading={busy}
          onClick={async () => {
            setBusy(true);
            setError(null);
            try {
              await publish.mutateAsync();
              await invalidate();
              notify.success('Your agent is live');
              send({ type: 'COMPLETE' }, 0);
            } catch (e) {
              setError(e instanceof ApiError ? e.message : 'Failed to publish campaign');
            } finally {
              setBusy(false);
            }
          }}
        >
          Publish my agent and finish
        </Button>
      </div>
    </div>
  );
}
