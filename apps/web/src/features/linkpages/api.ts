import { useQuery } from '@tanstack/react-query';
import type { LinkPageResponse, LinksConfig, LinkStats, LinktreeImport, SavedLink } from '@switchboard/core';
import { api } from '../../api/client.ts';
import { useActingTarget } from '../../api/acting.ts';
import { useAppMutation } from '../../api/mutation.ts';

/** The link-page feature's calls (the only file here with URL paths). The acting account comes from the /app path. */

export const linkPageKey = (target: number | null) => ['linkpages', 'page', target ?? 'self'] as const;

/** GET /api/v1/account/links: the links, settings, social links and public address of the acting account. */
export function useLinkPage() {
  const target = useActingTarget();
  return useQuery({
    queryKey: linkPageKey(target),
    queryFn: ({ signal }) => api<LinkPageResponse>('/api/v1/account/links', { signal }),
  });
}

export interface LinkPageDraft {
  links: SavedLink[];
  linksConfig: LinksConfig;
}

/** POST /api/v1/account/links: saves the whole page (links in order, settings). */
export function useSaveLinkPage() {
  const target = useActingTarget();
  return useAppMutation((d: LinkPageDraft) => api<LinkPageResponse>('/api/v1/account/links', { body: d }), {
    success: 'Link page saved',
    invalidate: [linkPageKey(target), ['account'], ['linkpages', 'stats']],
  });
}

/** POST /api/v1/stats/links for the last `days` days. */
export function useLinkStats(days: number) {
  const target = useActingTarget();
  return useQuery({
    queryKey: ['linkpages', 'stats', target ?? 'self', days],
    queryFn: ({ signal }) => api<LinkStats>('/api/v1/stats/links', { body: { from: Date.now() - days * 86_400_000 }, signal }),
  });
}

/** POST /api/v1/getLinktreeData: what a Linktree page holds (nothing is saved). */
export function useLinktreeImport() {
  return useAppMutation(
    (v: { linktreelink: string; filterExisting: boolean }) =>
      api<LinktreeImport>('/api/v1/getLinktreeData', { body: { ...v, matchTolerance: 0.6 } }),
    {
      toastErrors: false,
    },
  );
}
