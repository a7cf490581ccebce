import { z } from 'zod';
import { returnUrl, usdAmount } from './wallet.ts';

/** Spec §3 Payout (amountUsd, address) and §7 Wallet payouts, pay links and rewards. */
export const PAYOUT_STATUSES = ['pending', 'paid', 'failed', 'returned'] as const;
export const PAYOUT_METHODS = ['lightning', 'stripe', 'paypal', 'venmo'] as const;

export const payout = z.object({
  id: z.string(),
  method: z.enum(PAYOUT_METHODS),
  /** Where it goes (a long Lightning invoice is shortened). */
  address: z.string(),
  amount: z.number().int(),
  amountUsd: z.string(),
  status: z.enum(PAYOUT_STATUSES),
  reason: z.string().nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type Payout = z.infer<typeof payout>;

export const payoutResponse = z.object({
  success: z.literal(true),
  payout,
  repeated: z.boolean(),
  /** The whole balance after the payout, and the part of it a further payout could take (reward credit is not paid out). */
  balance: z.number().int(),
  balanceUsd: z.string(),
  withdrawable: z.number().int(),
  withdrawableUsd: z.string(),
});
export type PayoutResponse = z.infer<typeof payoutResponse>;
export const payoutsResponse = z.object({ success: z.literal(true), payouts: z.array(payout) });

const key = z.string().min(1).max(100).optional();
export const requestWithdrawalBody = {
  address: z.string().trim().min(10, 'is too short').max(2000, 'is too long'),
  type: z.literal('ln', { error: 'must be ln' }).default('ln'),
  idempotencyKey: key,
};
export const paypalPayoutBody = {
  address: z.string().trim().min(3, 'is too short').max(254, 'is too long'),
  amountUsd: usdAmount,
  idempotencyKey: key,
};
export const transferFundsBody = { amountUsd: usdAmount, idempotencyKey: key };
export const connectAccountBody = { failureUrl: returnUrl, successUrl: returnUrl };
export const connectAccountResponse = z.object({ success: z.literal(true), url: z.string() });
export const connectedAccountResponse = z.object({
  success: z.literal(true),
  connected: z.boolean(),
  accountId: z.string().nullable(),
  onboardingStarted: z.boolean(),
});

/** A public pay link's account (GET /api/v1/account/{username}). */
export const payAccountResponse = z.object({
  success: z.literal(true),
  account: z.object({ username: z.string(), name: z.string().nullable(), profileImage: z.string().nullable(), slug: z.string() }),
});
export const paymentSlugResponse = z.object({ success: z.literal(true), slug: z.string(), url: z.string() });

export const claimRewardsResponse = z.object({
  success: z.literal(true),
  claimed: z.number().int(),
  claimedUsd: z.string(),
  balance: z.number().int(),
  balanceUsd: z.string(),
});
