import { useState } from 'react';
import { Route } from 'lucide-react';
import { fieldError } from '../../../api/mutation.ts';
import { Button, TextField } from '../../../ui/index.ts';
import { useAddSip, useSip, type SipRoute } from '../api.ts';
import { SipRows, TransportField } from './SipRows.tsx';

const blank = { prefix: '', gateway: '', transport: 'udp', username: '', password: '' };

/** Outbound routes: calls to numbers starting with a prefix go to a gateway (the longest prefix wins). */
export function RoutesPanel({ target }: { target: number | null }) {
  const list = useSip('outboundRoutes', target);
  const add = useAddSip('outboundRoutes', target, 'Route added');
  const [v, setV] = useState(blank);
  const set = (k: keyof typeof blank) => (e: { target: { value: string } }) => setV((o) => ({ ...o, [k]: e.target.value }));
  return (
    <div className="space-y-3">
      <SipRows<SipRoute>
        resource="outboundRoutes"
        target={target}
        label="Outbound routes"
        query={list}
        items={list.data?.outboundRoutes ?? []}
        empty={{
          icon: <Route className="size-5" aria-hidden />,
          title: 'No routes yet',
          message: 'Outbound calls go through the phone carrier until a route matches their number.',
        }}
        row={(r) => ({
          title: `${r.prefix ? `+${r.prefix}…` : 'Every number'} → ${r.gateway} (${r.transport.toUpperCase()})`,
          detail: r.username ? `Signs in as ${r.username}${r.hasPassword ? ' with a stored password' : ''}` : 'No credentials',
          name: `route ${r.prefix || 'for every number'}`,
        })}
      />
      <form
        aria-label="Add a route"
        className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2"
        onSubmit={(e) => {
          e.preventDefault();
          const body = {
            prefix: v.prefix.trim(),
            gateway: v.gateway.trim(),
            transport: v.transport,
            ...(v.username.trim() ? { username: v.username.trim() } : {}),
            ...(v.password ? { password: v.password } : {}),
          };
          add.mutate(body, { onSuccess: () => setV(blank) });
        }}
      >
        <TextField
          label="Number prefix"
          placeholder="+1415 (empty: every number)"
          value={v.prefix}
          onChange={set('prefix')}
          error={fieldError(add.error, 'prefix')}
        />
        <TextField
          label="Gateway (host or host:port)"
          required
          placeholder="sip.provider.example:5060"
          value={v.gateway}
          onChange={set('gateway')}
          error={fieldError(add.error, 'gateway')}
        />
        <TransportField value={v.transport} onChange={set('transport')} error={fieldError(add.error, 'transport')} />
        <TextField
          label="Username (optional)"
          autoComplete="off"
          value={v.username}
          onChange={set('username')}
          error={fieldError(add.error, 'username')}
        />
        <TextField
          label="Password (optional, stored encrypted)"
          type="password"
          autoComplete="new-password"
          value={v.password}
          onChange={set('password')}
          error={fieldError(add.error, 'password')}
        />
        <div className="flex items-end">
          <Button type="submit" size="sm" loading={add.isPending} disabled={!v.gateway.trim()}>
            Add route
          </Button>
        </div>
      </form>
    </div>
  );
}
