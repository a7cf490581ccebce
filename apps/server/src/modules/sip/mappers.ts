import type { SipRegistration, SipRoute, SipWhitelistEntry } from '@switchboard/core/contracts/sip';
import type { RegistrationRow, RouteRow, WhitelistRow } from './repository.ts';

export const toWhitelistEntry = (r: WhitelistRow): SipWhitelistEntry => ({
  id: r.id,
  ip: r.ip,
  label: r.label,
  createdAt: Number(r.created_at),
});

export const toRoute = (r: RouteRow): SipRoute => ({
  id: r.id,
  prefix: r.prefix,
  gateway: r.gateway,
  transport: r.transport,
  username: r.username,
  hasPassword: r.secret != null,
  createdAt: Number(r.created_at),
});

export function toRegistration(r: RegistrationRow, now = Date.now()): SipRegistration {
  // A PBX binding that ran out is no longer registered, whatever the row last said.
  const lapsed = r.kind === 'pbx' && r.state === 'registered' && Number(r.expires_at ?? 0) <= now;
  return {
    id: r.id,
    kind: r.kind,
    server: r.server,
    transport: r.transport,
    domain: r.domain,
    username: r.username,
    expires: r.expires,
    state: lapsed ? 'unregistered' : r.state,
    error: r.error,
    expiresAt: r.expires_at == null || lapsed ? null : Number(r.expires_at),
    contact: lapsed ? null : r.contact,
    updatedAt: Number(r.updated_at),
  };
}
