import { useQuery } from '@tanstack/react-query';
import type { DomainProfile } from '@switchboard/core/contracts/domains';
import { api, ApiError } from '../api/client.ts';
import { applyBrand, brandFromProfile, currentLoadedBrand, MAIN_SHELL_BRAND, withGenericMode, type ShellBrand } from './brand.ts';

/** The shell's one request: the brand of the host the app is served on (spec §3 Domain profile). */
export const brandKeys = {
  all: ['brand'] as const,
  host: (host: string) => ['brand', host] as const,
};

/** GET /api/v1/domain/profile for this host: the profile, false on 404; 'Invalid domain data' otherwise. */
async function fetchDomainProfile(signal?: AbortSignal): Promise<DomainProfile | false> {
  try {
    const res = await api<{ success: true; profile?: DomainProfile | null }>('/api/v1/domain/profile', { anonymous: true, signal });
    if (!res.profile) throw new Error('Invalid domain data');
    return res.profile;
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return false;
    throw e instanceof ApiError ? new Error('Invalid domain data') : e;
  }
}

/** Loads the brand once per page; components re-render when it arrives. */
export function useBrand(): ShellBrand {
  const q = useQuery({
    queryKey: brandKeys.host(typeof location === 'undefined' ? '' : location.host),
    queryFn: async ({ signal }) => {
      try {
        const b = brandFromProfile(await fetchDomainProfile(signal));
        applyBrand(b);
        return b;
      } catch (e) {
        console.error(e instanceof Error ? e.message : e);
        return MAIN_SHELL_BRAND;
      }
    },
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
  return withGenericMode(q.data ?? currentLoadedBrand());
}
