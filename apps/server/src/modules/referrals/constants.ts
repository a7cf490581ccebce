import { REFERRAL_QUALIFYING_PAYMENT_MICRO_USD, REFERRAL_REWARD_MICRO_USD, REFERRAL_REWARDS_PER_MONTH } from '@switchboard/core';

/**
 * The rules (core's constants, shown on the referral screen): an invitation earns its sender $5 of usage
 * credit once the invited person pays (a paid plan, or at least $1 by card or Lightning), at most ten
 * rewards per account per calendar month.
 */
export { REFERRAL_QUALIFYING_PAYMENT_MICRO_USD, REFERRAL_REWARD_MICRO_USD, REFERRAL_REWARDS_PER_MONTH };
/** The ledger key of an invitation's reward: the wallet's claimRewards uses the same, so it is paid once whoever pays it. */
export const rewardKey = (inviteId: number) => `reward:referral:${inviteId}`;
/** The platform's ledger account that pays rewards (no floor: it is the platform's cost). */
export const REWARDS_ACCOUNT = 'platform:rewards';
/** The start of the calendar month (UTC) a time falls in: rewards are capped per such month. */
export const monthStart = (now: number) => {
  const d = new Date(now);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
};
