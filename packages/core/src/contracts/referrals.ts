import { z } from 'zod';
import { targetParams, tokenParams } from './common.ts';

/** Referrals (issue 16, spec §7 Referrals): invitations by e-mail or SMS, and who joined through them. */

export const sendInviteBody = z.looseObject({
  ...tokenParams,
  ...targetParams,
  /** An e-mail address or a phone number. */
  target: z.string().trim().min(3, 'Please enter an e-mail address or a phone number.').max(254),
});

export const sendInviteResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  channel: z.enum(['email', 'sms']),
  target: z.string(),
});

export const referralInvite = z.object({
  id: z.number(),
  channel: z.enum(['email', 'sms']),
  target: z.string(),
  sentAt: z.number(),
  joined: z.boolean(),
  joinedAt: z.number().nullable(),
});

export const referralRewardsResponse = z.object({
  success: z.literal(true),
  /** The account's referral code, carried by every invitation's link. */
  code: z.string(),
  inviteUrl: z.string(),
  invited: z.number().int(),
  joined: z.number().int(),
  invites: z.array(referralInvite),
});
export type ReferralRewards = z.infer<typeof referralRewardsResponse>;
