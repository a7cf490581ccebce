import { useState } from 'react';
import { KeyRound } from 'lucide-react';
import { fieldError } from '../../../api/mutation.ts';
import { Button, Field, TextField } from '../../../ui/index.ts';
import { useAddSip, useSip, type SipRegistration } from '../api.ts';
import { SipRows, TransportField } from './SipRows.tsx';

const blank = { kind: 'provider', server: '', domain: '', transport: 'udp', username: '', password: '' };

const stateText = (r: SipRegistration) => {
  const until = r.expiresAt ? ` until ${new Date(r.expiresAt).toLocaleTimeString()}` : '';
  if (r.state === 'registered') return `Registered${until}${r.contact ? ` from ${r.contact}` : ''}`;
  if (r.state === 'failed') return `Failed: ${r.error ?? 'no answer'}`;
  return r.state === 'registering' ? 'Registering…' : 'Not registered';
};

/** Registrations: ours to a SIP provider (digest credentials), and PBXs that register to us; live states. */
export function RegistrationsPanel({ target }: { target: number | null }) {
  const list = useSip('registration', target, 10_000);
  const add = useAddSip('registration', target, 'Registration saved');
  const [v, setV] = useState(blank);
  const set = (k: keyof typeof blank) => (e: { target: { value: string } }) => setV((o) => ({ ...o, [k]: e.target.value }));
  const provider = v.kind === 'provider';
  return (
    <div className="space-y-3">
      <SipRows<SipRegistration>
        resource="registration"
        target={target}
        label="Registrations"
        query={list}
        items={list.data?.registrations ?? []}
        empty={{
          icon: <KeyRound className="size-5" aria-hidden />,
          title: 'No registrations yet',
          message: 'Register to your SIP provider, or give your PBX credentials to register to us.',
        }}
        row={(r) => ({
          title:
            r.kind === 'provider'
              ? `${r.username}@${r.domain ?? r.server} via ${r.server} (${r.transport.toUpperCase()})`
              : `PBX user ${r.username}`,
          detail: <span aria-live="polite">{stateText(r)}</span>,
          name: `registration ${r.username}`,
        })}
      />
      <form
        aria-label="Add a registration"
        className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2"
        onSubmit={(e) => {
          e.preventDefault();
          const body = provider
            ? {
                kind: 'provider',
                server: v.server.trim(),
                transport: v.transport,
                username: v.username.trim(),
                password: v.password,
                ...(v.domain.trim() ? { domain: v.domain.trim() } : {}),
              }
            : { kind: 'pbx', username: v.username.trim(), password: v.password };
          add.mutate(body, { onSuccess: () => setV(blank) });
        }}
      >
        <Field label="Who registers" className="sm:col-span-2">
          {(p) => (
            <select {...p} value={v.kind} onChange={set('kind')} className="rounded-lg px-3 py-2.5 text-sm ring-1 ring-slate-300">
              <option value="provider">We register to my SIP provider</option>
              <option value="pbx">My PBX registers to Switchboard</option>
            </select>
          )}
        </Field>
        {provider && (
          <>
            <TextField
              label="Registrar (host or host:port)"
              required
              placeholder="sip.provider.example"
              value={v.server}
              onChange={set('server')}
              error={fieldError(add.error, 'server')}
            />
            <TextField
              label="Domain (optional)"
              placeholder="provider.example"
              value={v.domain}
              onChange={set('domain')}
              error={fieldError(add.error, 'domain')}
            />
            <TransportField value={v.transport} onChange={set('transport')} />
          </>
        )}
        <TextField
          label="Username"
          required
          autoComplete="off"
          value={v.username}
          onChange={set('username')}
          error={fieldError(add.error, 'username')}
        />
        <TextField
          label="Password"
          required
          type="password"
          autoComplete="new-password"
          value={v.password}
          onChange={set('password')}
          error={fieldError(add.error, 'password')}
          hint="At least 8 characters."
        />
        <div className="flex items-end">
          <Button
            type="submit"
            size="sm"
            loading={add.isPending}
            disabled={!v.username.trim() || !v.password || (provider && !v.server.trim())}
          >
            Save registration
          </Button>
        </div>
      </form>
    </div>
  );
}
