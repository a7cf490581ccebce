import { useState, type FormEvent } from 'react';
import { useActingTarget } from '../../../api/acting.ts';
import { fieldError, otherError } from '../../../api/mutation.ts';
import { OverlayFrame } from '../../../overlays/OverlayFrame.tsx';
import { Button, FormError, TextField } from '../../../ui/index.ts';
import { useByoAssign } from '../api.ts';
import { useSwitchOverlay } from '../switchOverlay.ts';

/** `?addCustomNumber`: bring your own number; a code goes to it by text or by a call, then `?callVerify`. */
export default function AddCustomNumber() {
  const target = useActingTarget();
  const go = useSwitchOverlay('addCustomNumber');
  const [number, setNumber] = useState('');
  const [method, setMethod] = useState<'sms' | 'call'>('sms');
  const assign = useByoAssign(target, (r) => go('callVerify', r.phoneNumber.number));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    assign.mutate({ number, method });
  };
  const err = assign.error;
  return (
    <OverlayFrame
      title="Use your own number"
      description="Keep the number your customers know. We send it a code to prove it is yours."
      size="sm"
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <TextField
          label="Your phone number"
          type="tel"
          autoComplete="tel"
          placeholder="(415) 555-0123"
          value={number}
          onChange={(e) => setNumber(e.target.value)}
          error={fieldError(err, 'number')}
        />
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-slate-700">Send the code by</legend>
          {(
            [
              ['sms', 'Text message'],
              ['call', 'Phone call (we read the code out)'],
            ] as const
          ).map(([id, label]) => (
            <label key={id} className="flex items-center gap-2 text-sm text-slate-700">
              <input type="radio" name="byo-method" value={id} checked={method === id} onChange={() => setMethod(id)} className="size-4" />
              {label}
            </label>
          ))}
        </fieldset>
        <FormError error={otherError(err, 'number')} />
        <Button type="submit" loading={assign.isPending} className="self-start">
          Send the code
        </Button>
      </form>
    </OverlayFrame>
  );
}
