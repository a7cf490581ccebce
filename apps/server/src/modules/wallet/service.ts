import crypto from 'node:crypto';
import { DEFAULT_INVOICE_UNIT, formatUsdMicros, microsToMsat, msatToMicros, parseUsdMicros, MSAT_PER_SAT } from '@switchboard/core';
import type { Deps } from '../../deps.ts';
import type { Db } from '../../db.ts';
import { clientKey } from '../../platform/idempotency/index.ts';
import { badRequest, notFound, ruleBroken } from '../../platform/http/errors.ts';
import { findAccount, findAccountByUsername } from '../accounts/index.ts';
import type { AuthContext } from '../auth/index.ts';
import { debtOf, ledger, PLATFORM_ACCOUNTS, promoCode, walletCode } from './ledger.ts';
import { toCheckout, toInvoice, toTransaction } from './mappers.ts';
import { walletRepository as repo, type CheckoutRow } from './repository/checkouts.ts';
import { decodeInvoice } from './invoices.ts';
import { createSettlement } from './settlement.ts';
import type { WalletProviders } from './providers.ts';
import { createPayoutService } from './payouts.ts';
import { createPayLinks } from './paylinks.ts';

/** Card top-ups: at least $1, at most $10,000 at a time. */
export const MIN_TOPUP = 1_000_000;
export const MAX_TOPUP = 10_000_000_000;
/** Lightning invoices are payable for an hour. */
export const INVOICE_EXPIRY_S = 3600;
const RECENT = 50;
/** Spec §8, the refund's two messages. */
export const REFUND_DONE = 'The refund for the issue has been processed.';
export const REFUND_FAILED = 'Something went wrong.';

/**
 * The credit wallet (spec §7 Wallet): balance and recent transactions from the ledger, top-ups by card
 * (local checkout or a processor, credited once by its signed webhook) and by Lightning (BOLT11 from
 * the node, credited once when the node reports it paid or the payer proves it with the preimage).
 */
/** `ports.claimReferralRewards`: pays out referral rewards (referrals sit above wallet; wired in services.ts). */
export function createWalletService(
  deps: Deps,
  providers: WalletProviders,
  ports: { claimReferralRewards: Parameters<typeof createPayLinks>[1] },
) {
  const db = deps.db as Db;
  const { payments, lightning, rates } = providers;
  const portalSections: ((accountId: number) => Promise<string[]>)[] = [];

  /** The balance an account sees and spends: its wallet and its reward credit together. */
  async function balanceOf(accountId: number) {
    const { balance } = await ledger.funds(db, accountId);
    return { balance, balanceUsd: formatUsdMicros(balance) };
  }

  const payouts = createPayoutService(deps, { ...providers.payouts, rates });
  const settlement = createSettlement(db, payouts);
  const { settleInvoice } = settlement;
  lightning.onSettled(settleInvoice);

  /**
   * Opens a checkout for a purpose (a wallet top-up, or a plan for billing) crediting an account; with a
   * client key the same key (scoped by `keyScope`) answers the same checkout. Its callers check access.
   */
  async function open(
    accountId: number,
    keyScope: number | string,
    input: {
      purpose: CheckoutRow['purpose'];
      amount: number;
      description: string;
      cancelUrl: string;
      successUrl: string;
      idempotencyKey?: string;
      productPlanId?: number;
      term?: string;
    },
  ) {
    const key = clientKey(`checkout.${input.purpose}`, keyScope, input.idempotencyKey);
    if (key) {
      const prior = await repo.checkoutByKey(db, key);
      if (prior) return { success: true as const, sessionId: prior.id, url: prior.url };
    }
    const session = await payments.createCheckout({
      reference: `${input.purpose}:${accountId}`,
      customer: String(accountId),
      mode: input.purpose === 'credit' ? 'payment' : 'subscription',
      amount: input.amount,
      currency: 'usd',
      description: input.description,
      successUrl: input.successUrl,
      cancelUrl: input.cancelUrl,
    });
    const now = Date.now();
    const row = await repo.insertCheckout(db, {
      id: session.id,
      account_id: accountId,
      purpose: input.purpose,
      amount: input.amount,
      product_plan_id: input.productPlanId ?? null,
      term: input.term ?? null,
      status: 'open',
      provider: payments.kind,
      url: session.url,
      idempotency_key: key,
      created_at: now,
      updated_at: now,
    });
    const chosen = row ?? (await repo.checkoutByKey(db, key!))!;
    return { success: true as const, sessionId: chosen.id, url: chosen.url };
  }

  return {
    payments,
    lightning,
    /** Withdrawals (Lightning, Stripe Connect, PayPal, Venmo). */
    payouts,
    payoutProviders: providers.payouts,
    /** Pay links by username, and rewards. */
    payLinks: createPayLinks(deps, ports.claimReferralRewards),

    /** Billing registers what a processor's subscription events do. */
    onSubscriptionEvent: settlement.onSubscriptionEvent,
    /** Others register what money arriving from outside does (referrals: the invitee became a paying customer). */
    onMoneyIn: settlement.onMoneyIn,
    /** Billing registers what a paid subscription checkout does. */
    onCheckoutPaid: settlement.onCheckoutPaid,

    async recentTransactions(ctx: AuthContext) {
      await deps.requireAccess(ctx, 'canViewBilling');
      const moves = await ledger.history(db, [walletCode(ctx.acting.id), promoCode(ctx.acting.id)], RECENT);
      // Plan payments by card move no wallet money but are the account's payments: listed with the rest.
      const plans = await ledger.cardPlanPayments(db, ctx.acting.id, RECENT);
      const history = [...moves, ...plans].sort((a, b) => b.created_at - a.created_at || b.id - a.id).slice(0, RECENT);
      const owed = await debtOf(db, ctx.acting.id);
      const funds = await ledger.funds(db, ctx.acting.id);
      return {
        success: true as const,
        balance: funds.balance,
        balanceUsd: formatUsdMicros(funds.balance),
        withdrawable: funds.withdrawable,
        withdrawableUsd: formatUsdMicros(funds.withdrawable),
        promotional: funds.promotional,
        promotionalUsd: formatUsdMicros(funds.promotional),
        owed,
        owedUsd: formatUsdMicros(owed),
        transactions: history.map(toTransaction),
      };
    },

    async exchangeRates(ctx: AuthContext) {
      await deps.requireAccess(ctx, 'canViewOrg');
      return { success: true as const, ...(await rates.satToUsd()) };
    },

    /** Opens a checkout for the acting account (billing: a plan bought by card). */
    async openCheckout(ctx: AuthContext, input: Parameters<typeof open>[2]) {
      await deps.requireAccess(ctx, 'canManageBilling');
      return open(ctx.acting.id, ctx.acting.id, input);
    },

    async checkoutCredit(
      ctx: AuthContext | null,
      input: { amount: string | number; cancelUrl: string; successUrl: string; idempotencyKey?: string },
      payTo?: number,
    ) {
      if (payTo === undefined) await deps.requireAccess(ctx!, 'canManageBilling');
      const amount = parseUsdMicros(input.amount);
      if (amount === null) throw badRequest('amount: must be a USD amount such as 10 or 10.50.', 'amount');
      if (amount < MIN_TOPUP) throw badRequest(`amount: must be at least ${formatUsdMicros(MIN_TOPUP)} USD.`, 'amount');
      if (amount > MAX_TOPUP) throw badRequest(`amount: must be at most ${formatUsdMicros(MAX_TOPUP)} USD.`, 'amount');
      const accountId = payTo ?? ctx!.acting.id;
      return open(accountId, ctx ? ctx.acting.id : `link:${accountId}`, {
        ...input,
        purpose: 'credit',
        amount,
        description: payTo === undefined ? `Wallet credit ($${formatUsdMicros(amount)})` : `Payment ($${formatUsdMicros(amount)})`,
      });
    },

    async checkoutStatus(ctx: AuthContext, sessionId: string) {
      await deps.requireAccess(ctx, 'canViewBilling');
      const row = await repo.checkoutOf(db, ctx.acting.id, sessionId);
      if (!row) throw notFound('Checkout not found.');
      return { success: true as const, checkout: toCheckout(row), ...(await balanceOf(ctx.acting.id)) };
    },

    /** A verified payment webhook (settlement.ts). */
    handlePaymentEvent: settlement.handlePaymentEvent,

    async requestInvoice(ctx: AuthContext, input: { amount: string | number; unit?: string }) {
      await deps.requireAccess(ctx, 'canManageBilling');
      return this.invoiceFor(ctx.acting.id, input, false);
    },

    /**
     * A Lightning invoice that credits an account's wallet: its own (the one pending invoice, replacing
     * the previous) or one a visitor asked for on its pay link (many may wait at once).
     */
    async invoiceFor(accountId: number, input: { amount: string | number; unit?: string; slug?: string }, payLink: boolean) {
      const unit = (input.unit ?? DEFAULT_INVOICE_UNIT).toUpperCase();
      const { satToUsd } = await rates.satToUsd();
      let micros: number;
      let msat: number;
      if (unit === 'USD') {
        const m = parseUsdMicros(input.amount);
        if (m === null || m <= 0) throw badRequest('amount: must be a USD amount above 0 such as 10 or 10.50.', 'amount');
        micros = m;
        msat = microsToMsat(m, satToUsd);
      } else {
        const n = typeof input.amount === 'number' ? input.amount : Number(input.amount);
        if (!Number.isSafeInteger(n) || n <= 0)
          throw badRequest(`amount: must be a whole number of ${unit === 'SAT' ? 'satoshis' : 'millisatoshis'} above 0.`, 'amount');
        msat = unit === 'SAT' ? n * MSAT_PER_SAT : n;
        micros = msatToMicros(msat, satToUsd);
      }
      if (micros < 10_000) throw badRequest('amount: must be worth at least 0.01 USD.', 'amount');
      if (micros > MAX_TOPUP) throw badRequest(`amount: must be worth at most ${formatUsdMicros(MAX_TOPUP)} USD.`, 'amount');
      const inv = await lightning.createInvoice({
        amountMsat: msat,
        description: payLink ? `Payment to account ${accountId}` : `Switchboard wallet credit for account ${accountId}`,
        expirySeconds: INVOICE_EXPIRY_S,
      });
      // One pending invoice at a time: a new request replaces the one waiting.
      const row = await db.transaction().execute(async (trx) => {
        if (!payLink) await repo.resetPending(trx, accountId);
        return repo.insertInvoice(trx, {
          account_id: accountId,
          pay_link: payLink ? 1 : 0,
          unit,
          slug: payLink ? (input.slug?.trim().toLowerCase() ?? null) : null,
          payment_hash: inv.paymentHash,
          bolt11: inv.bolt11,
          amount_msat: msat,
          amount_usd: micros,
          status: 'pending',
          expires_at: inv.expiresAt,
          created_at: Date.now(),
          paid_at: null,
        });
      });
      return { success: true as const, invoice: toInvoice(row) };
    },

    async pendingInvoice(ctx: AuthContext) {
      await deps.requireAccess(ctx, 'canViewBilling');
      let row = await repo.pendingInvoice(db, ctx.acting.id);
      // A node that does not call back is asked: a paid invoice is credited now (once, like any settlement).
      if (row && row.expires_at > Date.now() && (await lightning.lookup(row.payment_hash).catch(() => ({ settled: false }))).settled) {
        await settleInvoice(row.payment_hash);
        row = await repo.invoiceByHash(db, row.payment_hash);
      }
      return { success: true as const, invoice: row ? toInvoice(row) : null };
    },

    async resetPendingInvoice(ctx: AuthContext) {
      await deps.requireAccess(ctx, 'canManageBilling');
      await repo.resetPending(db, ctx.acting.id);
      return { success: true as const };
    },

    /** The payer proves payment with the preimage: SHA-256 of it must be the invoice's payment hash. */
    async provePendingInvoicePaid(ctx: AuthContext, input: { preimage: string; invoice: string }, now = Date.now()) {
      await deps.requireAccess(ctx, 'canManageBilling');
      const row = await repo.invoiceOf(db, ctx.acting.id, input.invoice);
      if (!row) throw notFound('Invoice not found.');
      const hash = crypto.createHash('sha256').update(Buffer.from(input.preimage, 'hex')).digest('hex');
      if (hash !== row.payment_hash) throw ruleBroken('That preimage does not match the invoice.', 'preimage');
      if (row.status !== 'paid') {
        if (row.expires_at <= now) throw ruleBroken('That invoice has expired.', 'invoice');
        if (row.status === 'reset') throw ruleBroken('That invoice was cancelled.', 'invoice');
        await settleInvoice(row.payment_hash);
      }
      const paid = (await repo.invoiceByHash(db, row.payment_hash))!;
      return { success: true as const, invoice: toInvoice(paid), ...(await balanceOf(ctx.acting.id)) };
    },

    async validateInvoice(ctx: AuthContext, invoice: string, now = Date.now()) {
      await deps.requireAccess(ctx, 'canViewOrg');
      const decoded = decodeInvoice(invoice);
      if (!decoded) return { success: true as const, valid: false, message: 'That is not a valid Lightning invoice.' };
      return { success: true as const, valid: true, ...decoded, expired: decoded.expiresAt <= now };
    },

    balanceOf,

    /**
     * A super admin refunds a user (spec §6, §7 POST /internal/issueRefundToUser): usdAmount (a decimal)
     * or satsAmount (whole sats at the current rate) from the platform's refunds account into the
     * account's wallet, once per idempotency key.
     */
    async refund(ctx: AuthContext, input: { username: string; usdAmount?: string | number; satsAmount?: number; idempotencyKey?: string }) {
      await deps.requireAccess(ctx, 'canManageBilling');
      if ((input.usdAmount == null) === (input.satsAmount == null))
        throw badRequest('usdAmount: give usdAmount or satsAmount (one of them).', 'usdAmount');
      let micros: number | null;
      if (input.usdAmount != null) micros = parseUsdMicros(input.usdAmount);
      else micros = msatToMicros(input.satsAmount! * MSAT_PER_SAT, (await rates.satToUsd()).satToUsd);
      const field = input.usdAmount != null ? 'usdAmount' : 'satsAmount';
      if (micros === null || micros <= 0) throw badRequest(`${field}: must be an amount above 0.`, field);
      if (micros > MAX_TOPUP) throw badRequest(`${field}: must be at most ${formatUsdMicros(MAX_TOPUP)} USD.`, field);
      const account = await findAccountByUsername(db, input.username);
      if (!account) throw notFound(REFUND_FAILED);
      const key = clientKey('refund', ctx.user.id, input.idempotencyKey) ?? `refund:${ctx.user.id}:${crypto.randomUUID()}`;
      const { repeated } = await ledger.transfer(db, {
        key,
        debit: PLATFORM_ACCOUNTS.refunds,
        credit: walletCode(account.id),
        amount: micros,
        kind: 'refund',
      });
      return { success: true as const, message: REFUND_DONE, repeated, ...(await balanceOf(account.id)) };
    },

    /** Other modules add lines to the billing portal (billing: the plan and its renewal). */
    addPortalSection(section: (accountId: number) => Promise<string[]>) {
      portalSections.push(section);
    },

    /** What the local billing portal shows a customer (reached only through a signed link). */
    async portal(accountId: number) {
      const account = await findAccount(db, accountId);
      const { balanceUsd } = await balanceOf(accountId);
      const lines = [`Wallet balance: $${balanceUsd}`];
      for (const section of portalSections) lines.push(...(await section(accountId)));
      return { name: account?.account_name ?? account?.username ?? `account ${accountId}`, lines };
    },
  };
}

export type WalletService = ReturnType<typeof createWalletService>;
