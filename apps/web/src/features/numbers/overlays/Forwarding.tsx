import { useState, type FormEvent } from 'react';
import { CheckCircle2, PhoneMissed, PhoneForwarded } from 'lucide-react';
import { finishWalkthroughStep, parseWalkthrough } from '@switchboard/core/rules/walkthrough';
import { useActingAccount } from '../../../api/acting.ts';
import { useRefreshAccount } from '../../../api/hooks.ts';
import { fieldError, otherError } from '../../../api/mutation.ts';
import { OverlayFrame } from '../../../overlays/OverlayFrame.tsx';
import { Button, FormError, TextField } from '../../../ui/index.ts';
import { useSaveWalkthrough } from '../../agents/api.ts';
import { useVerifyForwarding, type ForwardingResult } from '../api.ts';
import { useSwitchOverlay } from '../switchOverlay.ts';

const ICON = { success: CheckCircle2, no_call: PhoneMissed, wrong_number: PhoneForwarded };

/** `?forwarding`: we call your phone and watch whether the call is forwarded to the agent's number. */
export default function Forwarding() {
  const { target, data: account } = useActingAccount();
  const refreshAccount = useRefreshAccount();
  const saveWalkthrough = useSaveWalkthrough(target);
  const go = useSwitchOverlay('forwarding');
  const [cell, setCell] = useState(account?.phoneNumber ?? '');
  const done = async (r: ForwardingResult) => {
    if (!r.verified || !account) return;
    // The walkthrough's FORWARD_CALLS step is done once forwarding really works.
    await saveWalkthrough
      .mutateAsync(finishWalkthroughStep(parseWalkthrough(account.settings.walkthrough), 'FORWARD_CALLS'))
      .catch(() => undefined);
    await refreshAccount();
  };
  const check = useVerifyForwarding(target, (r) => void done(r));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    check.mutate({ phoneNumber: cell });
  };
  const r = check.data;
  const Icon = r ? ICON[r.outcome] : null;
  return (
    <OverlayFrame
      title="Test call forwarding"
      description="We call your phone and do not answer; if it forwards, the call reaches your agent's number."
      size="sm"
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <TextField
          label="Your phone number"
          type="tel"
          autoComplete="tel"
          value={cell}
          onChange={(e) => setCell(e.target.value)}
          error={fieldError(check.error, 'phoneNumber')}
        />
        <Button type="submit" loading={check.isPending} className="self-start">
          {check.isPending ? 'Calling your phone…' : 'Call my phone'}
        </Button>
      </form>
      <div aria-live="polite" className="mt-4">
        <FormError error={otherError(check.error, 'phoneNumber')} />
        {r && Icon ? (
          <div
            className={`flex gap-3 rounded-lg p-3 text-sm ${r.verified ? 'bg-emerald-50 text-emerald-900' : 'bg-amber-50 text-amber-900'}`}
            data-testid="forwarding-result"
          >
            <Icon className="size-5 shrink-0" aria-hidden />
            <div>
              <p className="font-medium">
                {r.verified ? 'Forwarding works' : r.outcome === 'wrong_number' ? 'Forwarded to the wrong number' : 'No call arrived'}
              </p>
              <p>{r.message}</p>
              {!r.verified && (
                <Button variant="link" size="xs" onClick={() => go('forwardingInstructions')}>
                  See the codes again
                </Button>
              )}
            </div>
          </div>
        ) : null}
      </div>
    </OverlayFrame>
  );
}
