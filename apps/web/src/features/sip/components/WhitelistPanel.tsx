import { useState } from 'react';
import { ShieldCheck } from 'lucide-react';
import { fieldError } from '../../../api/mutation.ts';
import { Button, TextField } from '../../../ui/index.ts';
import { useAddSip, useSip, type SipWhitelistEntry } from '../api.ts';
import { SipRows } from './SipRows.tsx';

/** Addresses whose calls are accepted (an IPv4 address or CIDR range, with a label). */
export function WhitelistPanel({ target }: { target: number | null }) {
  const list = useSip('ipWhitelist', target);
  const add = useAddSip('ipWhitelist', target, 'Address added');
  const [ip, setIp] = useState('');
  const [label, setLabel] = useState('');
  return (
    <div className="space-y-3">
      <SipRows<SipWhitelistEntry>
        resource="ipWhitelist"
        target={target}
        label="IP whitelist"
        query={list}
        items={list.data?.ipWhitelist ?? []}
        empty={{
          icon: <ShieldCheck className="size-5" aria-hidden />,
          title: 'No addresses yet',
          message: 'Calls are refused (403) until their address is listed here or their PBX registers.',
        }}
        row={(e) => ({ title: e.ip, detail: e.label || undefined, name: e.ip })}
      />
      <form
        aria-label="Add an address"
        className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          add.mutate({ ip: ip.trim(), label: label.trim() }, { onSuccess: () => (setIp(''), setLabel('')) });
        }}
      >
        <TextField
          label="IP address or CIDR range"
          required
          placeholder="203.0.113.0/24"
          value={ip}
          onChange={(e) => setIp(e.target.value)}
          error={fieldError(add.error, 'ip')}
        />
        <TextField
          label="Label"
          placeholder="Office PBX"
          value={label}
          onChange={(e) => setLabel(e.target.value)}
          error={fieldError(add.error, 'label')}
        />
        <Button type="submit" size="sm" loading={add.isPending} disabled={!ip.trim()}>
          Add address
        </Button>
      </form>
    </div>
  );
}
