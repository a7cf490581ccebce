import { Mic, PhoneOff } from 'lucide-react';
import { useActingTarget } from '../../../api/acting.ts';
import { errorText } from '../../../api/mutation.ts';
import { OverlayFrame } from '../../../overlays/OverlayFrame.tsx';
import { Button, EmptyState, ErrorState } from '../../../ui/index.ts';
import { useStartWebCall } from '../api.ts';
import { CallTranscript } from '../components/CallTranscript.tsx';
import { useWebCall } from '../hooks/useWebCall.ts';

const STATE_TEXT = { idle: 'Not connected', connecting: 'Connecting…', live: 'On the call', ended: 'Call ended' } as const;

/** ?calling=web: a test call with the agent's staging copy from the browser, with the live transcript. */
export default function Calling() {
  const target = useActingTarget();
  const startCall = useStartWebCall(target);
  const call = useWebCall();
  const busy = call.state === 'connecting' || call.state === 'live';

  const start = async () => {
    const placed = await startCall.mutateAsync(undefined).catch(() => null);
    if (placed) await call.start(placed.ticket);
  };

  return (
    <OverlayFrame
      title="Test call"
      description="Talk with the staging copy of the agent through your microphone."
      footer={
        busy ? (
          <Button variant="danger" onClick={call.hangUp}>
            <PhoneOff className="mr-2 size-4" aria-hidden /> Hang up
          </Button>
        ) : (
          <Button onClick={start} loading={startCall.isPending} data-autofocus>
            <Mic className="mr-2 size-4" aria-hidden /> {call.state === 'ended' ? 'Call again' : 'Start call'}
          </Button>
        )
      }
    >
      <p role="status" className="mb-3 text-sm font-medium text-slate-700">
        {STATE_TEXT[call.state]}
      </p>
      {startCall.error && <ErrorState message={errorText(startCall.error)} />}
      {call.error && <ErrorState message={call.error} />}
      {call.notices.map((n) => (
        <p key={n} className="mb-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {n}
        </p>
      ))}
      {call.turns.length ? (
        <div className="max-h-[50dvh] overflow-y-auto">
          <CallTranscript turns={call.turns} />
        </div>
      ) : (
        <EmptyState
          icon={<Mic className="size-6" aria-hidden />}
          title={busy ? 'Listening' : 'No conversation yet'}
          message={
            busy
              ? 'The agent greets you first; then speak as a caller would.'
              : 'Start the call, allow the microphone and speak as a caller would.'
          }
        />
      )}
    </OverlayFrame>
  );
}
