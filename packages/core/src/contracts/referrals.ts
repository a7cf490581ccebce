import { z } from 'zod';
import { targetParams, tokenParams } from './common.ts';

/** Referrals (spec §7 Referrals): invitations by e-mail or SMS, and who joined through them. */

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
  /**
   * What this invitation earned (micro-USD): set when the person who joined first paid (`paidAt`), 0 when
   * the month's cap had been reached then; and when it was claimed into the reward credit.
   */
  rewardMicroUsd: z.number().int(),
  paidAt: z.number().nullable(),
  claimedAt: z.number().nullable(),
});

export const referralRewardsResponse = z.object({
  success: z.literal(true),
  /** The account's referral code, carried by every invitation's link. */
  code: z.string(),
  inviteUrl: z.string(),
  invited: z.number().int(),
  joined: z.number().int(),
  invites: z.array(referralInvite),
  /** Micro-USD: earned in all, of which claimed into the wallet, and what claimRewards would add now. */
  earnedMicroUsd: z.number().int(),
  claimedMicroUsd: z.number().int(),
  claimableMicroUsd: z.number().int(),
  /**
   * The rules: the reward per invitee who pays, the least payment that counts (a paid plan always does),
   * the rewards an account can earn per calendar month (UTC) and how many it has earned this month.
   */
  rules: z.object({
    rewardMicroUsd: z.number().int(),
    qualifyingPaymentMicroUsd: z.number().int(),
    perMonth: z.number().int(),
    rewardedThisMonth: z.number().int(),
  }),
});
export type ReferralRewards = z.infer<typeof referralRewardsResponse>;

/** `GET /api/v1/mobileContacts`: `addresses` (from the phone's contacts through the native bridge), else the organization's contacts. */
export const mobileContactsQuery = z.looseObject({
  ...tokenParams,
  ...targetParams,
  /** Phone numbers and e-mail addresses, comma-separated (at most 200). */
  addresses: z.string().max(20_000).optional(),
});

export const mobileContactsResponse = z.object({
  success: z.literal(true),
  contacts: z.array(
    z.object({
      name: z.string().nullable(),
      /** The address as it would be invited: lower-case e-mail or E.164 number. */
      target: z.string(),
      channel: z.enum(['email', 'sms']),
      /** `invitable`; `invited` (someone invited this address already); `member` (it has an account). */
      status: z.enum(['invitable', 'invited', 'member']),
    }),
  ),
});
export type MobileContacts = z.infer<typeof mobileContactsResponse>;
