import { useQuery } from '@tanstack/react-query';
import type {
  LinkPageResponse,
  LinksConfig,
  LinkStats,
  LinktreeImport,
  MobileContacts,
  ReferralRewards,
  SavedLink,
} from '@switchboard/core';
import { api } from '../../api/client.ts';
import { useActingTarget } from '../../api/acting.ts';
import { useAppMutation } from '../../api/mutation.ts';
import { billingKeys } from '../billing/api.ts';

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

/** The referrals calls (spec §7 Referrals, and claimRewards of §7 Wallet), shown on the link page. */
export const referralKeys = {
  all: ['referrals'] as const,
  rewards: (target: number | null) => ['referrals', 'rewards', target ?? 'self'] as const,
  allContacts: ['referrals', 'contacts'] as const,
  contacts: (target: number | null, addresses: string[] | null) =>
    ['referrals', 'contacts', target ?? 'self', addresses?.join(',') ?? ''] as const,
};

/** GET /api/v1/referralRewards: code, link, invitations, who joined, what they earned. */
export function useReferralRewards() {
  const target = useActingTarget();
  return useQuery({
    queryKey: referralKeys.rewards(target),
    queryFn: ({ signal }) => api<ReferralRewards>('/api/v1/referralRewards', { signal }),
  });
}

/** GET /api/v1/mobileContacts: the phone's contacts (addresses from the native bridge) or the organization's. */
export function useInviteCandidates(addresses: string[] | null) {
  const target = useActingTarget();
  const query = addresses ? `?addresses=${encodeURIComponent(addresses.join(','))}` : '';
  return useQuery({
    queryKey: referralKeys.contacts(target, addresses),
    queryFn: ({ signal }) => api<MobileContacts>(`/api/v1/mobileContacts${query}`, { signal }),
  });
}

/** POST /api/v1/sendInvite. */
export function useSendInvite() {
  const target = useActingTarget();
  return useAppMutation((v: { target: string }) => api<{ message: string }>('/api/v1/sendInvite', { body: v }), {
    success: (r) => r.message,
    invalidate: [referralKeys.rewards(target), referralKeys.allContacts],
  });
}

/** POST /api/v1/claimRewards (the wallet's route, spec §7 Wallet): moves earned rewards into the wallet as usage credit. */
export function useClaimRewards() {
  const target = useActingTarget();
  return useAppMutation(() => api<{ claimed: number; claimedUsd: string }>('/api/v1/claimRewards', { body: { claim: 'referrals' } }), {
    success: (r) => (r.claimed > 0 ? `$${r.claimedUsd} of usage credit added to your wallet.` : 'No rewards to claim.'),
    invalidate: [referralKeys.rewards(target), billingKeys.wallet],
  });
}
