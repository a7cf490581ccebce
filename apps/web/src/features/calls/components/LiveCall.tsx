import { Headphones, Mic, PhoneOff } from 'lucide-react';
import { Button, EmptyState, ErrorState } from '../../../ui/index.ts';
import { useListenIn } from '../hooks/useListenIn.ts';
import { CallTranscript } from './CallTranscript.tsx';

const STATE_TEXT = {
  connecting: 'Connecting…',
  listening: 'Listening in',
  speaking: 'You have taken over: the caller hears you',
  ended: 'The call has ended',
  unavailable: 'This call is not live',
} as const;

/** A live call as staff watch it: the transcript as it happens, the audio, **Take over** and **Hang up**. */
export function LiveCall({ callId, target }: { callId: string; target: number | null }) {
  const live = useListenIn(callId, target);
  const on = live.state === 'listening' || live.state === 'speaking';
  return (
    <div className="flex flex-col gap-3">
      <p role="status" className="text-sm font-medium text-slate-700">
        {STATE_TEXT[live.state]}
      </p>
      {live.error && <ErrorState message={live.error} />}
      {on && (
        <div className="flex flex-wrap gap-2">
          {live.state === 'listening' && (
            <Button size="sm" variant="secondary" onClick={live.takeOver}>
              <Mic className="mr-1 size-4" aria-hidden /> Take over
            </Button>
          )}
          <Button size="sm" variant="danger" onClick={live.hangUp}>
            <PhoneOff className="mr-1 size-4" aria-hidden /> Hang up
          </Button>
        </div>
      )}
      {live.turns.length ? (
        <div className="max-h-[50dvh] overflow-y-auto" aria-live="polite">
          <CallTranscript turns={live.turns} />
        </div>
      ) : (
        <EmptyState
          icon={<Headphones className="size-6" aria-hidden />}
          title={on ? 'Nothing said yet' : 'No transcript'}
          message={on ? 'Turns appear here as the caller and the agent speak.' : 'The call log keeps the transcript of ended calls.'}
        />
      )}
    </div>
  );
}
