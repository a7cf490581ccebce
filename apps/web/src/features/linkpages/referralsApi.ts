import { useQuery } from '@tanstack/react-query';
import type { MobileContacts, ReferralRewards } from '@switchboard/core';
import { api } from '../../api/client.ts';
import { useActingTarget } from '../../api/acting.ts';
import { useAppMutation } from '../../api/mutation.ts';

/** The referrals calls (spec §7 Referrals, and claimRewards of §7 Wallet). */

const rewardsKey = (target: number | null) => ['referrals', 'rewards', target ?? 'self'] as const;

/** GET /api/v1/referralRewards: code, link, invitations, who joined, what they earned. */
export function useReferralRewards() {
  const target = useActingTarget();
  return useQuery({ queryKey: rewardsKey(target), queryFn: ({ signal }) => api<ReferralRewards>('/api/v1/referralRewards', { signal }) });
}

/** GET /api/v1/mobileContacts: the phone's contacts (addresses from the native bridge) or the organization's. */
export function useInviteCandidates(addresses: string[] | null) {
  const target = useActingTarget();
  const query = addresses ? `?addresses=${encodeURIComponent(addresses.join(','))}` : '';
  return useQuery({
    queryKey: ['referrals', 'contacts', target ?? 'self', addresses?.join(',') ?? ''],
    queryFn: ({ signal }) => api<MobileContacts>(`/api/v1/mobileContacts${query}`, { signal }),
  });
}

/** POST /api/v1/sendInvite. */
export function useSendInvite() {
  const target = useActingTarget();
  return useAppMutation((v: { target: string }) => api<{ message: string }>('/api/v1/sendInvite', { body: v }), {
    success: (r) => r.message,
    invalidate: [rewardsKey(target), ['referrals', 'contacts']],
  });
}

/** POST /api/v1/claimRewards (the wallet's route, spec §7 Wallet): moves earned rewards into the wallet as usage credit. */
export function useClaimRewards() {
  const target = useActingTarget();
  return useAppMutation(() => api<{ claimed: number; claimedUsd: string }>('/api/v1/claimRewards', { body: { claim: 'referrals' } }), {
    success: (r) => (r.claimed > 0 ? `$${r.claimedUsd} of usage credit added to your wallet.` : 'No rewards to claim.'),
    invalidate: [rewardsKey(target), ['wallet']],
  });
}
