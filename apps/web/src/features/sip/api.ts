import { useQuery } from '@tanstack/react-query';
import type { SipEndpointInfo, SipRegistration, SipRoute, SipWhitelistEntry } from '@switchboard/core/contracts/sip';
import { api } from '../../api/client.ts';
import { useAppMutation } from '../../api/mutation.ts';
import { tgt } from '../accounts/api.ts';

/**
 * The SIP trunk feature's calls (spec §7 SIP; the only file here with URL paths): `/api/v2/sip/ipWhitelist`,
 * `/outboundRoutes` and `/registration`, GET, POST and DELETE each. `target` is the acting account.
 */
export type { SipEndpointInfo, SipRegistration, SipRoute, SipWhitelistEntry };

export interface SipLists {
  ipWhitelist: { ipWhitelist: SipWhitelistEntry[] };
  outboundRoutes: { outboundRoutes: SipRoute[] };
  registration: { registrations: SipRegistration[]; endpoint: SipEndpointInfo };
}
export type SipResource = keyof SipLists;

const key = (resource: SipResource, target: number | null) => ['sip', resource, target ?? 'self'] as const;

export function useSip<R extends SipResource>(resource: R, target: number | null, refetchMs?: number) {
  return useQuery({
    queryKey: key(resource, target),
    queryFn: ({ signal }) => api<SipLists[R]>(`/api/v2/sip/${resource}`, { target: tgt(target), signal }),
    // Registration states change on their own (a PBX registers, a provider answers): keep them live.
    refetchInterval: refetchMs,
  });
}

export function useAddSip(resource: SipResource, target: number | null, success: string) {
  return useAppMutation((body: Record<string, unknown>) => api(`/api/v2/sip/${resource}`, { target: tgt(target), body }), {
    invalidate: [key(resource, target)],
    success,
  });
}

export function useDeleteSip(resource: SipResource, target: number | null) {
  return useAppMutation((id: number) => api(`/api/v2/sip/${resource}`, { target: tgt(target), method: 'DELETE', body: { id } }), {
    invalidate: [key(resource, target)],
    success: 'Removed',
  });
}
