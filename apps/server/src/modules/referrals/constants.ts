/** What an invitation earns its sender when the invited person signs up: $5, in micro-USD. */
export const REFERRAL_REWARD_MICRO_USD = 5_000_000;
/** The ledger key of an invitation's reward: the wallet's claimRewards uses the same, so it is paid once whoever pays it. */
export const rewardKey = (inviteId: number) => `reward:referral:${inviteId}`;
/** The platform's ledger account that pays rewards (no floor: it is the platform's cost). */
export const REWARDS_ACCOUNT = 'platform:rewards';
