import crypto from 'node:crypto';
import { formatUsdMicros, microsToMsat, msatToMicros, parseUsdMicros } from '@switchboard/core';
import type { Deps } from '../../deps.ts';
import type { Db, DbOrTx } from '../../db.ts';
import { AppError, badRequest, notFound, paymentRequired, ruleBroken } from '../../platform/http/errors.ts';
import { clientKey } from '../../platform/idempotency/index.ts';
import {
  PayoutError,
  type ConnectProvider,
  type PayoutMethod,
  type PayoutProcessor,
  type PayoutStatus,
} from '../../platform/providers/payouts/index.ts';
import type { ExchangeRates } from '../../platform/providers/rates/index.ts';
import type { AuthContext } from '../auth/index.ts';
import { decodeInvoice } from './invoices.ts';
import { ledger, PLATFORM_ACCOUNTS, walletCode } from './ledger.ts';
import { WITHDRAWAL_MEMO } from './mappers.ts';
import { walletRepository as repo } from './repository/checkouts.ts';
import { payoutsRepository as payouts, type PayoutRow } from './repository/payouts.ts';

export type { PayoutRow };
/** Withdrawals: at least $1 (Lightning: $0.01), at most $10,000 at a time. */
export const MIN_PAYOUT = 1_000_000;
export const MIN_LN_PAYOUT = 10_000;
export const MAX_PAYOUT = 10_000_000_000;

export interface PayoutProviders {
  /** The processor for each method. */
  processors: Record<PayoutMethod, PayoutProcessor>;
  connect: ConnectProvider;
  rates: ExchangeRates;
}

export function toPayout(r: PayoutRow) {
  return {
    id: r.id,
    method: r.method,
    address: r.address.length > 60 ? `${r.address.slice(0, 28)}…${r.address.slice(-12)}` : r.address,
    amount: r.amount,
    amountUsd: formatUsdMicros(r.amount),
    status: r.status,
    reason: r.failure_reason,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

/**
 * Withdrawals (spec §7 Wallet): Lightning (a BOLT11 invoice to pay), Stripe Connect (a connected
 * account), PayPal and Venmo. Requesting one moves the amount wallet → platform:pending_payouts and
 * stores the payout (pending) in one transaction, so a balance that cannot cover it is a 402 and
 * nothing is stored, under any concurrency. The processor's outcome then moves the held money once:
 * paid → platform:payouts_sent; failed → back to the wallet; returned (after paid, or straight from
 * pending) → back to the wallet. Outcomes are keyed by payout and state, so a repeated or late report
 * changes nothing; an outcome that is not a next state (paid after failed, failed after paid) is ignored.
 */
export function createPayoutService(deps: Deps, p: PayoutProviders) {
  const db = deps.db as Db;

  const byId = (d: DbOrTx, id: string) => payouts.byId(d, id);

  /** Applies a processor's outcome once; returns the payout as it now stands. */
  async function settle(payoutId: string, status: PayoutStatus, reason?: string, eventId?: string): Promise<PayoutRow | undefined> {
    return db.transaction().execute(async (trx) => {
      if (eventId && !(await repo.recordEvent(trx, eventId, `payout.${status}`))) return byId(trx, payoutId);
      const po = await byId(trx, payoutId);
      if (!po || status === 'pending') return po;
      const from: PayoutStatus[] = status === 'returned' ? ['pending', 'paid'] : ['pending'];
      if (!from.includes(po.status)) return po;
      const moved = await payouts.move(trx, po.id, po.status, {
        status,
        failure_reason: reason ?? (status === 'paid' ? null : po.failure_reason),
        updated_at: Date.now(),
      });
      if (!moved) return byId(trx, payoutId);
      const wallet = walletCode(po.account_id);
      const leg =
        status === 'paid'
          ? { debit: PLATFORM_ACCOUNTS.pendingPayouts, credit: PLATFORM_ACCOUNTS.payouts, kind: 'payout_paid' }
          : {
              debit: po.status === 'paid' ? PLATFORM_ACCOUNTS.payouts : PLATFORM_ACCOUNTS.pendingPayouts,
              credit: wallet,
              kind: `payout_${status}`,
            };
      await ledger.transfer(trx, { key: `payout:${po.id}:${status}`, amount: po.amount, ...leg });
      return byId(trx, payoutId);
    });
  }

  for (const processor of new Set(Object.values(p.processors))) {
    processor.onEvent(async (e) => {
      const po = await payouts.byRef(db, e.ref);
      if (po) await settle(po.id, e.status, e.reason, e.eventId);
    });
  }

  /** Holds the amount and sends the payout (once per client key). */
  async function start(
    ctx: AuthContext,
    input: { method: PayoutMethod; address: string; amount: number; amountMsat?: number; idempotencyKey?: string },
  ) {
    const key = clientKey(`payout.${input.method}`, ctx.acting.id, input.idempotencyKey);
    if (key) {
      const prior = await payouts.byKey(db, key);
      if (prior) return { success: true as const, payout: toPayout(prior), repeated: true, ...(await balance(ctx.acting.id)) };
    }
    const processor = p.processors[input.method];
    const id = `po_${crypto.randomBytes(12).toString('hex')}`;
    const now = Date.now();
    await db.transaction().execute(async (trx) => {
      const inserted = await payouts.insert(trx, {
        id,
        account_id: ctx.acting.id,
        method: input.method,
        address: input.address,
        amount: input.amount,
        amount_msat: input.amountMsat ?? null,
        status: 'pending',
        provider: processor.kind,
        provider_ref: null,
        failure_reason: null,
        idempotency_key: key,
        created_at: now,
        updated_at: now,
      });
      if (!inserted) return;
      // Only the wallet (money paid in) pays out: reward credit sits in promo:<id>, which no payout debits.
      await ledger
        .transfer(trx, {
          key: `payout:${id}:hold`,
          debit: walletCode(ctx.acting.id),
          credit: PLATFORM_ACCOUNTS.pendingPayouts,
          amount: input.amount,
          kind: 'payout',
          memo: WITHDRAWAL_MEMO[input.method] ?? 'Withdrawal',
        })
        .catch(async (err: unknown) => {
          if (!(err instanceof AppError && err.code === 'payment_required')) throw err;
          const funds = await ledger.funds(trx, ctx.acting.id);
          const field = input.method === 'lightning' ? 'address' : 'amountUsd';
          const credit =
            funds.promotional > 0
              ? ` Your $${formatUsdMicros(funds.promotional)} of reward credit is spent on usage and is not paid out.`
              : '';
          throw paymentRequired(
            `${field}: you can withdraw at most $${formatUsdMicros(Math.max(0, funds.withdrawable))}; $${formatUsdMicros(input.amount)} was asked.${credit}`,
            field,
          );
        });
    });
    const mine = (await byId(db, id)) ?? (key ? await payouts.byKey(db, key) : undefined);
    if (!mine) throw new Error(`payout ${id} was neither stored nor found by its key`);
    if (mine.id !== id) return { success: true as const, payout: toPayout(mine), repeated: true, ...(await balance(ctx.acting.id)) };
    try {
      const result = await processor.send({ id, method: input.method, address: input.address, amount: input.amount });
      await payouts.setRef(db, id, result.ref, Date.now());
      if (result.status !== 'pending') await settle(id, result.status, result.reason);
    } catch (err) {
      // A refusal is final (the money goes back); anything else leaves it pending for the poll to settle.
      if (err instanceof PayoutError) await settle(id, 'failed', err.message);
      else deps.log.warn({ err, payout: id }, 'payout: send failed; left pending');
    }
    return { success: true as const, payout: toPayout((await byId(db, id))!), repeated: false, ...(await balance(ctx.acting.id)) };
  }

  /** The whole balance (what the account sees), and the part a payout can take. */
  async function balance(accountId: number) {
    const f = await ledger.funds(db, accountId);
    return {
      balance: f.balance,
      balanceUsd: formatUsdMicros(f.balance),
      withdrawable: f.withdrawable,
      withdrawableUsd: formatUsdMicros(f.withdrawable),
    };
  }

  function usd(value: string | number, min: number): number {
    const micros = parseUsdMicros(value);
    if (micros === null) throw badRequest('amountUsd: must be a USD amount such as 10 or 10.50.', 'amountUsd');
    if (micros < min) throw badRequest(`amountUsd: must be at least ${formatUsdMicros(min)} USD.`, 'amountUsd');
    if (micros > MAX_PAYOUT) throw badRequest(`amountUsd: must be at most ${formatUsdMicros(MAX_PAYOUT)} USD.`, 'amountUsd');
    if (micros % 10_000 !== 0) throw badRequest('amountUsd: payouts are paid in whole cents.', 'amountUsd');
    return micros;
  }

  async function connected(accountId: number) {
    return payouts.connected(db, accountId);
  }

  return {
    settlePayout: settle,
    /** A processor reports a payout returned by its reference (Stripe's `transfer.reversed`): once per event and per payout. */
    async returnedByRef(ref: string, eventId: string): Promise<boolean> {
      const po = ref ? await payouts.byRef(db, ref) : undefined;
      if (!po) return false;
      const after = await settle(po.id, 'returned', 'reversed by the processor', eventId);
      return po.status !== 'returned' && after?.status === 'returned';
    },

    /** Lightning: pays a BOLT11 invoice (with an amount, unexpired); its worth at the current rate leaves the wallet. */
    async requestWithdrawal(ctx: AuthContext, input: { address: string; type: 'ln'; idempotencyKey?: string }) {
      const now = Date.now();
      await deps.requireAccess(ctx, 'canManageBilling');
      const decoded = decodeInvoice(input.address);
      if (!decoded) throw badRequest('address: must be a Lightning invoice (BOLT11).', 'address');
      if (!decoded.amountMsat) throw badRequest('address: the invoice must carry an amount.', 'address');
      if (decoded.expiresAt <= now) throw ruleBroken('That invoice has expired.', 'address');
      const { satToUsd } = await p.rates.satToUsd();
      // The wallet pays at least what the invoice is worth (msat → micro-USD rounded up).
      const down = msatToMicros(decoded.amountMsat, satToUsd);
      const micros = microsToMsat(down, satToUsd) < decoded.amountMsat ? down + 1 : down;
      if (micros < MIN_LN_PAYOUT)
        throw badRequest(`address: the invoice must be worth at least ${formatUsdMicros(MIN_LN_PAYOUT)} USD.`, 'address');
      if (micros > MAX_PAYOUT) throw badRequest(`address: the invoice is worth more than ${formatUsdMicros(MAX_PAYOUT)} USD.`, 'address');
      return start(ctx, {
        method: 'lightning',
        address: input.address.trim(),
        amount: micros,
        amountMsat: decoded.amountMsat,
        idempotencyKey: input.idempotencyKey,
      });
    },

    async paypal(
      ctx: AuthContext,
      method: 'paypal' | 'venmo',
      input: { address: string; amountUsd: string | number; idempotencyKey?: string },
    ) {
      await deps.requireAccess(ctx, 'canManageBilling');
      return start(ctx, {
        method,
        address: input.address.trim(),
        amount: usd(input.amountUsd, MIN_PAYOUT),
        idempotencyKey: input.idempotencyKey,
      });
    },

    async checkConnectedAccount(ctx: AuthContext) {
      await deps.requireAccess(ctx, 'canViewBilling');
      const c = await connected(ctx.acting.id);
      const ready = c ? await p.connect.isReady(c.external_id) : false;
      return { success: true as const, connected: ready, accountId: c?.external_id ?? null, onboardingStarted: c != null };
    },

    async connectAccount(ctx: AuthContext, input: { successUrl: string; failureUrl: string }) {
      await deps.requireAccess(ctx, 'canManageBilling');
      let c = await connected(ctx.acting.id);
      if (!c) {
        const externalId = await p.connect.createAccount(String(ctx.acting.id));
        await payouts.insertConnected(db, {
          account_id: ctx.acting.id,
          provider: p.connect.kind,
          external_id: externalId,
          created_at: Date.now(),
        });
        c = (await connected(ctx.acting.id))!;
      }
      return { success: true as const, url: await p.connect.onboardingUrl(c.external_id, input.successUrl, input.failureUrl) };
    },

    async transferFunds(ctx: AuthContext, input: { amountUsd: string | number; idempotencyKey?: string }) {
      await deps.requireAccess(ctx, 'canManageBilling');
      const amount = usd(input.amountUsd, MIN_PAYOUT);
      const c = await connected(ctx.acting.id);
      if (!c || !(await p.connect.isReady(c.external_id)))
        throw ruleBroken('Connect a Stripe account before transferring funds.', 'amountUsd');
      return start(ctx, { method: 'stripe', address: c.external_id, amount, idempotencyKey: input.idempotencyKey });
    },

    async listPayouts(ctx: AuthContext) {
      await deps.requireAccess(ctx, 'canViewBilling');
      const rows = await payouts.listOf(db, ctx.acting.id, 50);
      return { success: true as const, payouts: rows.map(toPayout) };
    },

    /** Asks the processors about pending payouts (the poll job; PayPal reports outcomes only this way). */
    async pollPending(limit = 100): Promise<number> {
      const pending = await payouts.pendingSent(db, limit);
      let moved = 0;
      for (const po of pending) {
        const processor = p.processors[po.method];
        try {
          const r = await processor.status(po.provider_ref!);
          if (r.status !== 'pending' && (await settle(po.id, r.status, r.reason))?.status === r.status) moved++;
        } catch (err) {
          deps.log.warn({ err, payout: po.id }, 'payout: status poll failed');
        }
      }
      return moved;
    },

    /** The local processor's reference for a payout it sent (the dev tools' stand-in bank); undefined otherwise. */
    async localRef(payoutId: string): Promise<string | undefined> {
      const po = await byId(db, payoutId);
      return po?.provider === 'local' && po.provider_ref ? po.provider_ref : undefined;
    },

    async payout(ctx: AuthContext, id: string) {
      await deps.requireAccess(ctx, 'canViewBilling');
      const po = await byId(db, id);
      if (!po || po.account_id !== ctx.acting.id) throw notFound('Payout not found.');
      return po;
    },
  };
}

export type PayoutService = ReturnType<typeof createPayoutService>;
