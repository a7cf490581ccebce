import { useState, type FormEvent } from 'react';
import { formatPhone } from '@switchboard/core';
import { useActingTarget } from '../../../api/acting.ts';
import { errorText, fieldError, otherError } from '../../../api/mutation.ts';
import { OverlayFrame, useOverlay } from '../../../overlays/OverlayFrame.tsx';
import { Button, ErrorState, FormError, TextField } from '../../../ui/index.ts';
import { useByoAssign, useByoRoute, useByoVerify, type PhoneNumberInfo } from '../api.ts';
import { useSwitchOverlay } from '../switchOverlay.ts';

/** `?callVerify=<number>`: enter the code sent to a brought number, then choose how its calls reach the agent. */
export default function CallVerify() {
  const { value, close } = useOverlay();
  const target = useActingTarget();
  const go = useSwitchOverlay('callVerify');
  const [code, setCode] = useState('');
  const [verified, setVerified] = useState<PhoneNumberInfo | null>(null);
  const verify = useByoVerify(target, setVerified);
  const resend = useByoAssign(target);
  const route = useByoRoute(target, (n) => (n.routing === 'forwarding' ? go('forwardingInstructions', 'true') : close()));
  // Opened bare (`?callVerify=true`) there is no number a code went to: say where to start instead.
  if (!/^\+?\d[\d\s().-]{5,}$/.test(value.trim()))
    return (
      <OverlayFrame title="Enter your code" size="sm">
        <ErrorState
          title="Which number?"
          message="This screen verifies a number you bring. Add your number first; we then send a six-digit code to it."
          action={<Button onClick={() => go('addCustomNumber', 'true')}>Bring your own number</Button>}
        />
      </OverlayFrame>
    );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    verify.mutate({ number: value, code });
  };
  if (verified)
    return (
      <OverlayFrame title="Number verified" description={`How should calls to ${formatPhone(verified.number)} reach your agent?`} size="sm">
        <div className="flex flex-col gap-3">
          <Button
            onClick={() => route.mutate({ number: verified.number, routing: 'forwarding' })}
            loading={route.isPending && route.variables?.routing === 'forwarding'}
          >
            Forward them from my phone company
          </Button>
          <Button
            variant="secondary"
            onClick={() => route.mutate({ number: verified.number, routing: 'sip' })}
            loading={route.isPending && route.variables?.routing === 'sip'}
          >
            Send them over my SIP trunk
          </Button>
          {route.error ? <ErrorState message={errorText(route.error)} /> : null}
        </div>
      </OverlayFrame>
    );
  return (
    <OverlayFrame title="Enter your code" description={`We sent a six-digit code to ${formatPhone(value)}.`} size="sm">
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <TextField
          label="Verification code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
          error={fieldError(verify.error, 'code', 'number')}
        />
        <FormError error={otherError(verify.error, 'code', 'number')} />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" loading={verify.isPending} disabled={code.length !== 6}>
            Verify
          </Button>
          <Button variant="ghost" loading={resend.isPending} onClick={() => resend.mutate({ number: value, method: 'sms' })}>
            Text me a new code
          </Button>
          <Button variant="ghost" loading={resend.isPending} onClick={() => resend.mutate({ number: value, method: 'call' })}>
            Call me with a new code
          </Button>
        </div>
      </form>
    </OverlayFrame>
  );
}
