import { formatUsdMicros } from '@switchboard/core';
import type { Deps } from '../../deps.ts';
import type { Db } from '../../db.ts';
import { badRequest, notFound } from '../../platform/http/errors.ts';
import { findAccountByUsername } from '../accounts/index.ts';
import type { AuthContext } from '../auth/index.ts';
import type { claimReferralRewards as claimReferralRewardsPort } from '../referrals/index.ts';

/** Accounts that can be paid by their username (they hold a wallet). */
const PAYABLE = new Set(['organization', 'reseller', 'partner']);

/**
 * Pay links (spec §7 Pay links): anyone can pay an account by its username (the slug) on its public pay
 * page, by Lightning or card, into its wallet. And rewards (spec §7 Wallet claimRewards): each referral
 * that led to a sign-up is paid once, platform:rewards → wallet, keyed by the invitation.
 */
/** `claimReferralRewards`: the referrals module's claim (referrals sit above wallet; wired in services.ts). */
export function createPayLinks(deps: Deps, claimReferralRewards: typeof claimReferralRewardsPort) {
  const db = deps.db as Db;

  async function payable(username: string) {
    const a = await findAccountByUsername(db, username.trim().toLowerCase());
    if (!a || !PAYABLE.has(a.account_type) || a.temp_user === 1) throw notFound('Account not found.');
    return a;
  }

  return {
    payable,

    async account(username: string) {
      const a = await payable(username);
      return {
        success: true as const,
        account: { username: a.username, name: a.account_name ?? a.name ?? null, profileImage: a.profile_image ?? null, slug: a.username },
      };
    },

    async fetchPaymentSlug(ctx: AuthContext) {
      await deps.requireAccess(ctx, 'canViewBilling');
      const slug = ctx.acting.username;
      return { success: true as const, slug, url: `${deps.config.publicUrl}/payto/${encodeURIComponent(slug)}` };
    },

    async claimRewards(ctx: AuthContext, claim: string) {
      await deps.requireAccess(ctx, 'canManageBilling');
      if (claim !== 'referrals' && claim !== 'all') throw badRequest('claim: must be referrals or all.', 'claim');
      // Referrals own what each invitation earned and mark it paid with its ledger transfer (once, under races).
      const { claimedMicroUsd: claimed, balanceMicroUsd: balance } = await claimReferralRewards(db, ctx.acting.id);
      return { success: true as const, claimed, claimedUsd: formatUsdMicros(claimed), balance, balanceUsd: formatUsdMicros(balance) };
    },
  };
}
