import type { ServerModule } from '../../platform/http/module.ts';
import type { Services } from '../../services.ts';
import { referralRoutes } from './routes.ts';

export type { ReferralsTables } from './tables.ts';
export { createReferralsService, type ReferralsService } from './service.ts';
/** Attributes a sign-up to the invitation of its `?ref=` code, in the sign-up's transaction (auth calls it). */
export { attributeSignup } from './attribution.ts';
/**
 * Referral rewards: earned when the invitee pays (`qualifyReferral`, given to the wallet's money-in hook in
 * services.ts), and for the wallet's `POST /api/v1/claimRewards`: what is claimable, and paying it into the
 * account's reward credit (ledger key `reward:referral:<inviteId>`, the same the wallet uses, so each is paid once).
 */
export {
  claimableReferralRewards,
  claimReferralRewards,
  qualifyReferral,
  REFERRAL_REWARD_MICRO_USD,
  type InviteePayment,
} from './rewards.ts';
export { rewardKey as referralRewardKey } from './constants.ts';

/** Max invitations a user sends per hour. */
export const INVITES_PER_HOUR = 20;

/** Referrals: invitations by e-mail or SMS, and who joined through them. */
export const referralsModule: ServerModule<Services> = {
  name: 'referrals',
  register: (app, s) => referralRoutes(app, s.referrals, INVITES_PER_HOUR),
};
