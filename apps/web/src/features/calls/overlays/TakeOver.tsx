import { useActingTarget } from '../../../api/acting.ts';
import { OverlayFrame } from '../../../overlays/OverlayFrame.tsx';
import type { OverlayProps } from '../../../overlays/registry.ts';
import { EmptyState } from '../../../ui/index.ts';
import { LiveCall } from '../components/LiveCall.tsx';

/** ?takeover=<callId>: watch a live call, listen in, take it over (the agent leaves) or hang up. */
export default function TakeOver({ value }: OverlayProps) {
  const target = useActingTarget();
  const callId = value && /^CA[0-9a-f]{32}$/.test(value) ? value : null;
  return (
    <OverlayFrame title="Live call" description="Listen in; take over to talk to the caller yourself (the agent leaves).">
      {callId ? (
        <LiveCall callId={callId} target={target} />
      ) : (
        <EmptyState title="No call chosen" message="Open a live call from the Calls section." />
      )}
    </OverlayFrame>
  );
}
