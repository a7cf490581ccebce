import { useState } from 'react';
import { formatPhone } from '@switchboard/core';
import { useActingTarget } from '../../../api/acting.ts';
import { errorText } from '../../../api/mutation.ts';
import { OverlayFrame } from '../../../overlays/OverlayFrame.tsx';
import { Button, EmptyState, ErrorState, LoadingBlock, cn } from '../../../ui/index.ts';
import { useForwardingInstructions } from '../api.ts';
import { useSwitchOverlay } from '../switchOverlay.ts';

/** `?forwardingInstructions`: the codes to dial on your own phone, for your carrier, to send calls to the agent. */
export default function ForwardingInstructions() {
  const target = useActingTarget();
  const go = useSwitchOverlay('forwardingInstructions');
  const q = useForwardingInstructions(target);
  const [carrier, setCarrier] = useState('att');
  const c = q.data?.carriers.find((x) => x.id === carrier) ?? q.data?.carriers[0];
  return (
    <OverlayFrame
      title="Forward your calls"
      description="Dial a code on the phone you have now; its calls then reach your agent."
      size="md"
    >
      {q.isLoading ? (
        <LoadingBlock label="Loading the codes" />
      ) : q.isError ? (
        <ErrorState message={errorText(q.error)} />
      ) : !q.data?.forwardTo || !c ? (
        <EmptyState
          title="Your agent needs a number first"
          message="Calls are forwarded to the agent's Switchboard number."
          action={<Button onClick={() => go('selectNumber')}>Choose a number</Button>}
        />
      ) : (
        <div className="flex flex-col gap-4">
          <p className="text-sm text-slate-700">
            Your agent's number is <strong className="tabular-nums">{formatPhone(q.data.forwardTo)}</strong>. Who is your phone company?
          </p>
          <div role="radiogroup" aria-label="Your phone company" className="flex flex-wrap gap-2">
            {q.data.carriers.map((x) => (
              <button
                key={x.id}
                type="button"
                role="radio"
                aria-checked={x.id === c.id}
                onClick={() => setCarrier(x.id)}
                className={cn(
                  'rounded-full px-3 py-1 text-sm ring-1 ring-inset',
                  x.id === c.id ? 'bg-brand-600 text-white ring-brand-600' : 'text-slate-700 ring-slate-300 hover:bg-slate-50',
                )}
              >
                {x.name}
              </button>
            ))}
          </div>
          <dl className="grid gap-3 sm:grid-cols-2">
            <Code
              title="Calls you miss (recommended)"
              code={c.conditional.enable}
              off={c.conditional.disable}
              note={c.conditional.note ?? 'Busy, unanswered or unreachable calls go to the agent.'}
            />
            <Code
              title="All calls"
              code={c.unconditional.enable}
              off={c.unconditional.disable}
              note="Your phone no longer rings; the agent answers everything."
            />
          </dl>
          <Button className="self-start" onClick={() => go('forwarding')}>
            I dialled it: test forwarding
          </Button>
        </div>
      )}
    </OverlayFrame>
  );
}

function Code({ title, code, off, note }: { title: string; code: string; off: string; note: string }) {
  return (
    <div className="rounded-lg p-3 ring-1 ring-slate-200">
      <dt className="text-sm font-medium text-slate-900">{title}</dt>
      <dd className="mt-1">
        <a
          href={`tel:${encodeURIComponent(code)}`}
          className="font-mono text-lg text-brand-700 hover:underline"
          aria-label={`Dial ${code}`}
        >
          {code}
        </a>
        <p className="mt-1 text-xs text-slate-500">{note}</p>
        <p className="mt-1 text-xs text-slate-500">
          To turn it off dial <span className="font-mono">{off}</span>
        </p>
      </dd>
    </div>
  );
}
