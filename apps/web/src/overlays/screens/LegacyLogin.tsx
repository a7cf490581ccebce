import { KeyRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button, TextField } from '../../ui/index.ts';
import { OverlayFrame } from '../OverlayFrame.tsx';
import type { OverlayProps } from '../registry.ts';

/** Accounts from before sign-in codes: explains the change and continues with an e-mail code. */
export default function LegacyLogin({ value }: OverlayProps) {
  const navigate = useNavigate();
  const [email, setEmail] = useState(value && value !== 'true' && value.includes('@') ? value : '');
  const [error, setError] = useState<string | null>(null);
  function submit(e: FormEvent) {
    e.preventDefault();
    if (!/^\S+@\S+\.\S+$/.test(email.trim())) {
      setError('Please enter the e-mail address of your account.');
      return;
    }
    navigate(`/app/signin?email=${encodeURIComponent(email.trim())}`);
  }
  return (
    <OverlayFrame title="Sign in to an older account" size="sm">
      <div className="flex gap-3 rounded-xl bg-brand-50 p-3 text-sm text-slate-700">
        <KeyRound className="size-5 shrink-0 text-brand-700" aria-hidden="true" />
        <p>
          Passwords are gone. Accounts created before August 2023 now sign in with a 6-digit code sent to their e-mail. Your agents, numbers
          and conversations are all still there.
        </p>
      </div>
      <form onSubmit={submit} noValidate className="mt-5 flex flex-col gap-4">
        <TextField
          label="Account e-mail"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={error}
        />
        <Button type="submit" block>
          Continue with a code
        </Button>
      </form>
    </OverlayFrame>
  );
}
