import { Phone } from 'lucide-react';
import { useState } from 'react';
import { useActingTarget } from '../../../api/acting.ts';
import { errorText } from '../../../api/mutation.ts';
import { OverlayFrame } from '../../../overlays/OverlayFrame.tsx';
import type { OverlayProps } from '../../../overlays/registry.ts';
import { Button, ErrorState } from '../../../ui/index.ts';
import { usePlaceCall } from '../../calls/api.ts';
import { LiveCall } from '../../calls/index.ts';

/** ?call=<destination>: the agent calls the conversation's contact (POST /api/v1/calls); its live state shows here. */
export default function CallOverlay({ value }: OverlayProps) {
  const who = value && value !== 'true' ? value : null;
  const target = useActingTarget();
  const place = usePlaceCall(target);
  const [key] = useState(() => crypto.randomUUID());
  const call = place.data?.call;
  return (
    <OverlayFrame
      title={who ? `Call ${who}` : 'Call'}
      description="The agent places the call from your number; you can listen in and take over."
      footer={
        !call && (
          <Button
            onClick={() => who && place.mutate({ to: who, idempotencyKey: key })}
            loading={place.isPending}
            disabled={!who}
            data-autofocus
          >
            <Phone className="mr-2 size-4" aria-hidden /> Call now
          </Button>
        )
      }
    >
      {place.error && <ErrorState message={errorText(place.error)} />}
      {call ? (
        call.status === 'failed' || call.status === 'no-answer' ? (
          <ErrorState message={`The call did not connect: ${call.endReason ?? call.status.replace('-', ' ')}.`} />
        ) : (
          <LiveCall callId={call.id} target={target} />
        )
      ) : (
        <p className="text-sm text-slate-700">{who ? `Ready to call ${who}.` : 'This conversation has no phone number to call.'}</p>
      )}
    </OverlayFrame>
  );
}
