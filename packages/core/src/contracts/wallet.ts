import { z } from 'zod';

/** Spec §7 Wallet. Money: integer micro-USD (`amount`, `balance`) beside a decimal string with at least 2 decimals (`…Usd`). */
export const walletTransaction = z.object({
  id: z.number(),
  kind: z.string(),
  /** Signed micro-USD: positive arrived in the wallet, negative left it. */
  amount: z.number().int(),
  amountUsd: z.string(),
  memo: z.string().nullable(),
  createdAt: z.number(),
});
export type WalletTransaction = z.infer<typeof walletTransaction>;

export const recentTransactionsResponse = z.object({
  success: z.literal(true),
  /** All the account can spend: `withdrawable` plus `promotional`. */
  balance: z.number().int(),
  balanceUsd: z.string(),
  /** What a payout can take: money paid in (card, Lightning, pay links, refunds), not reward credit. */
  withdrawable: z.number().int(),
  withdrawableUsd: z.string(),
  /** Reward credit (referrals): spent first on usage and plans, never paid out. */
  promotional: z.number().int(),
  promotionalUsd: z.string(),
  /** What the account owes for card disputes its wallet could not cover (micro-USD, 0 when nothing); funds added pay it first. */
  owed: z.number().int(),
  owedUsd: z.string(),
  transactions: z.array(walletTransaction),
});
export type RecentTransactionsResponse = z.infer<typeof recentTransactionsResponse>;

export const exchangeRatesResponse = z.object({
  success: z.literal(true),
  satToUsd: z.number(),
  fetchedAt: z.number(),
  /** True when the rate source failed and the spec's 0.00043 USD per sat is used. */
  fallback: z.boolean(),
});
export type ExchangeRatesResponse = z.infer<typeof exchangeRatesResponse>;

/** A URL a checkout returns to: http or https only. */
export const returnUrl = z
  .string()
  .max(2000, 'is too long')
  .refine((v) => /^https?:\/\/[^\s]+$/i.test(v) && URL.canParse(v), 'must be an http or https URL');

/** A decimal USD amount as a string or number ("10", "10.50", 10.5): parsed exactly, never through a float. */
export const usdAmount = z.union([z.string().max(20, 'is too long'), z.number()]);

export const checkoutCreditBody = {
  amount: usdAmount,
  currency: z.literal('usd', { error: 'must be usd' }).default('usd'),
  cancelUrl: returnUrl,
  successUrl: returnUrl,
  /** The client's key: the same key again answers the same checkout. */
  idempotencyKey: z.string().min(1).max(100).optional(),
};

export const checkoutResponse = z.object({ success: z.literal(true), sessionId: z.string(), url: z.string() });
export type CheckoutResponse = z.infer<typeof checkoutResponse>;

export const checkoutState = z.object({
  id: z.string(),
  purpose: z.enum(['credit', 'subscription']),
  status: z.enum(['open', 'paid', 'canceled', 'failed']),
  amount: z.number().int(),
  amountUsd: z.string(),
  createdAt: z.number(),
});
export const checkoutStatusResponse = z.object({
  success: z.literal(true),
  checkout: checkoutState,
  balance: z.number().int(),
  balanceUsd: z.string(),
});
export type CheckoutStatusResponse = z.infer<typeof checkoutStatusResponse>;

export const INVOICE_UNITS = ['USD', 'SAT', 'MSAT'] as const;
export type InvoiceUnit = (typeof INVOICE_UNITS)[number];

export const pendingInvoice = z.object({
  invoice: z.string(),
  paymentHash: z.string(),
  amountMsat: z.number().int(),
  amountUsd: z.string(),
  amount: z.number().int(),
  /** The unit the amount was asked in (spec §3 Invoice); `amount` above is micro-USD whatever it was. */
  unit: z.enum(INVOICE_UNITS),
  /** The pay link's slug when a visitor asked for the invoice there; null for the account's own top-up. */
  slug: z.string().nullable(),
  status: z.enum(['pending', 'paid', 'reset']),
  expiresAt: z.number(),
  createdAt: z.number(),
});
export type PendingInvoice = z.infer<typeof pendingInvoice>;

export const invoiceResponse = z.object({ success: z.literal(true), invoice: pendingInvoice });
export const pendingInvoiceResponse = z.object({ success: z.literal(true), invoice: pendingInvoice.nullable() });
export const provedInvoiceResponse = z.object({
  success: z.literal(true),
  invoice: pendingInvoice,
  balance: z.number().int(),
  balanceUsd: z.string(),
});
export const validateInvoiceResponse = z.object({
  success: z.literal(true),
  valid: z.boolean(),
  message: z.string().optional(),
  paymentHash: z.string().optional(),
  amountMsat: z.number().int().nullable().optional(),
  description: z.string().nullable().optional(),
  payeeNodeKey: z.string().nullable().optional(),
  expiresAt: z.number().optional(),
  expired: z.boolean().optional(),
  network: z.string().optional(),
});
export type ValidateInvoiceResponse = z.infer<typeof validateInvoiceResponse>;

export const lightningPayResponse = z.object({ success: z.literal(true), preimage: z.string(), paymentHash: z.string() });

/** POST /internal/issueRefundToUser (spec §8 message on success). */
export const refundResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  repeated: z.boolean(),
  balance: z.number().int(),
  balanceUsd: z.string(),
});
