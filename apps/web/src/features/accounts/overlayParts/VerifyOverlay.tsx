import { useOverlayAccount } from './hooks.ts';
import { AccountGate } from './AccountGate.tsx';
import { useEffect, useState } from 'react';
import { OverlayFrame, useOverlay } from '../../../overlays/OverlayFrame.tsx';
import { Button, TextField } from '../../../ui/index.ts';
import { fieldError, otherError, useCheckVerification, useRequestVerification } from '../api.ts';
import { FormError, FormFooter } from '../parts.tsx';

/** editEmail, editPhone: enter the address, receive a 6-digit code, enter it. */
export function VerifyOverlay({ kind }: { kind: 'email' | 'phone' }) {
  const { close } = useOverlay();
  const acting = useOverlayAccount();
  const title = kind === 'email' ? 'E-mail address' : 'Phone number';
  const key = kind === 'email' ? 'email' : 'phoneNumber';
  const [address, setAddress] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  useEffect(() => {
    if (acting.data && !address) setAddress((kind === 'email' ? acting.data.email : acting.data.phoneNumber) ?? '');
  }, [acting.data]); // eslint-disable-line react-hooks/exhaustive-deps
  const send = useRequestVerification(kind, acting.target, address.trim(), {
    onSuccess: () => setSentTo(address.trim()),
  });
  const check = useCheckVerification(kind, acting.target, sentTo, code.trim(), {
    success: kind === 'email' ? 'E-mail address verified' : 'Phone number verified',
    onSuccess: close,
  });
  return (
    <AccountGate title={title}>
      {() =>
        sentTo == null ? (
          <OverlayFrame
            title={title}
            description={
              kind === 'email'
                ? 'We send a code to the new address to make sure it is yours.'
                : 'We text a code to the number to make sure it is yours.'
            }
            footer={<FormFooter form="verify-send" label="Send code" loading={send.isPending} onCancel={close} />}
          >
            <form id="verify-send" className="flex flex-col gap-4" onSubmit={(e) => (e.preventDefault(), send.mutate(undefined))}>
              <TextField
                label={title}
                type={kind === 'email' ? 'email' : 'tel'}
                autoComplete={kind === 'email' ? 'email' : 'tel'}
                value={address}
                onChange={(e) => setAddress(e.target.value)}
                required
                autoFocus
                placeholder={kind === 'email' ? 'you@example.com' : '+1 415 555 0100'}
                error={fieldError(send.error, key)}
              />
              <FormError error={otherError(send.error, key)} />
            </form>
          </OverlayFrame>
        ) : (
          <OverlayFrame
            title="Enter the code"
            description={`We sent a 6-digit code to ${sentTo}. It works for 10 minutes.`}
            footer={
              <>
                <Button variant="ghost" className="xs:mr-auto" onClick={() => (setSentTo(null), setCode(''))}>
                  Change {kind === 'email' ? 'address' : 'number'}
                </Button>
                <Button variant="secondary" onClick={() => send.mutate(undefined)} loading={send.isPending}>
                  Send again
                </Button>
                <Button type="submit" form="verify-check" loading={check.isPending}>
                  Verify
                </Button>
              </>
            }
          >
            <form id="verify-check" className="flex flex-col gap-4" onSubmit={(e) => (e.preventDefault(), check.mutate(undefined))}>
              <TextField
                label="Code"
                value={code}
                onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
                inputMode="numeric"
                autoComplete="one-time-code"
                required
                autoFocus
                className="font-mono tracking-[0.4em]"
                error={fieldError(check.error, 'verificationCode')}
              />
              <FormError error={otherError(check.error, 'verificationCode')} />
            </form>
          </OverlayFrame>
        )
      }
    </AccountGate>
  );
}
