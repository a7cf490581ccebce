import type { ReactNode } from 'react';
import type { SectionProps } from '../../shell/sections.ts';
import { useActingTarget } from '../accounts/api.ts';
import { useSip } from './api.ts';
import { RegistrationsPanel } from './components/RegistrationsPanel.tsx';
import { RoutesPanel } from './components/RoutesPanel.tsx';
import { WhitelistPanel } from './components/WhitelistPanel.tsx';

function Part({ id, title, intro, children }: { id: string; title: string; intro: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <div>
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <p className="text-sm text-slate-600">{intro}</p>
      </div>
      {children}
    </section>
  );
}

/** Where a PBX or provider sends calls, and what to open in a firewall. */
function EndpointInfo({ target }: { target: number | null }) {
  const reg = useSip('registration', target, 10_000);
  const ep = reg.data?.endpoint;
  if (!ep) return null;
  if (!ep.enabled)
    return (
      <p role="status" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
        The SIP endpoint is off on this server (SIP_PORT=off). Settings are kept; calls flow once it is on.
      </p>
    );
  return (
    <dl className="grid gap-2 rounded-xl border border-slate-200 bg-white p-4 text-sm sm:grid-cols-3">
      <div>
        <dt className="text-slate-500">Send calls to</dt>
        <dd className="font-mono text-slate-900">
          sip:&lt;number&gt;@{ep.address}:{ep.port}
        </dd>
      </div>
      <div>
        <dt className="text-slate-500">Transports and realm</dt>
        <dd className="text-slate-900">
          {ep.transports.map((t) => t.toUpperCase()).join(', ')} · realm {ep.realm}
        </dd>
      </div>
      <div>
        <dt className="text-slate-500">Firewall: allow to us</dt>
        <dd className="text-slate-900">
          SIP {ep.port} UDP/TCP, audio (RTP) {ep.rtpPorts} UDP
        </dd>
      </div>
    </dl>
  );
}

/** /app/…/sip: the organization's SIP trunk — whitelist, outbound routes, registrations (spec §3, §7 SIP). */
export default function SipSection(_: SectionProps) {
  const target = useActingTarget();
  return (
    <div className="mx-auto max-w-5xl space-y-10 px-4 py-6">
      <div className="space-y-3">
        <h1 className="text-xl font-semibold text-slate-900">SIP trunk</h1>
        <p className="text-sm text-slate-600">
          Connect your own PBX or SIP provider: calls then flow in and out over SIP to the same AI agents.
        </p>
        <EndpointInfo target={target} />
      </div>
      <Part id="sip-whitelist-title" title="IP whitelist" intro="Calls from these addresses to your numbers are accepted.">
        <WhitelistPanel target={target} />
      </Part>
      <Part
        id="sip-routes-title"
        title="Outbound routes"
        intro="Calls the agent places to a matching number go out through your gateway; the longest prefix wins."
      >
        <RoutesPanel target={target} />
      </Part>
      <Part
        id="sip-registration-title"
        title="Registration"
        intro="Register to your SIP provider with its digest credentials, or let your PBX register to us."
      >
        <RegistrationsPanel target={target} />
      </Part>
    </div>
  );
}
