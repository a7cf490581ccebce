import { displayUsd, priceOf, type ProductItemKind, type UsageItem } from '@switchboard/core';
import { productItems } from '@switchboard/core/contracts/billing';
import type { Db, DbOrTx, Tx } from '../../db.ts';
import { fromJson } from '../../platform/db/columns.ts';
import { AppError, paymentRequired } from '../../platform/http/errors.ts';
import { findAccount, type AccountRow } from '../accounts/index.ts';
import { addNotification, notifiedSince } from '../notifications/index.ts';
import { ledger, PLATFORM_ACCOUNTS, promoCode, walletCode } from '../wallet/index.ts';
import { billingRepository as repo } from './repository.ts';

/** Which plan product item prices each usage counter. */
export const PRODUCT_ITEM_OF: Record<UsageItem, ProductItemKind> = {
  voice: 'voiceMinutes',
  advancedVoice: 'advancedVoiceMinutes',
  'inbound-message': 'messagesIn',
  'outbound-message': 'messagesOut',
  tokens: 'tokens',
  number: 'numbers',
};
const NOUN: Record<UsageItem, string> = {
  voice: 'call minutes',
  advancedVoice: 'advanced call minutes',
  'inbound-message': 'incoming messages',
  'outbound-message': 'this message',
  tokens: 'AI usage',
  number: 'phone numbers',
};
const NOTIFY_EVERY_MS = 3600_000;

export interface UsageCharge {
  /** The account that used it (an agent or the organization): the organization's wallet pays. */
  accountId: number;
  item: UsageItem;
  quantity: number;
  /** Unique per use (`message:<id>`, `call:<id>`): a repeat charges nothing more. */
  key: string;
  /**
   * A use that already happened and cannot be refused (an incoming message, model tokens, call minutes):
   * when the wallet cannot pay, nothing moves and nothing throws; the use stays counted, the owner is
   * notified and `unpaid` says what was not paid (the caller logs it).
   */
  after?: boolean;
  /**
   * The row of `accountId` when the caller has read it already (a request's acting account): the charge
   * does not read it again. Ignored when it is another account's.
   */
  account?: Pick<AccountRow, 'id' | 'account_type' | 'organization_id' | 'parent_id'>;
}

/** The organization that pays for an account's usage (an agent's organization, or the account itself). */
async function payerOf(db: DbOrTx, accountId: number, known?: UsageCharge['account']): Promise<number | null> {
  const a = known?.id === accountId ? known : await findAccount(db, accountId);
  if (!a) return null;
  return a.account_type === 'agent' ? (a.organization_id ?? a.parent_id ?? a.id) : a.id;
}

/** The plan item that prices this usage for the payer, with the period it falls in; null when nothing is charged. */
async function pricingOf(db: DbOrTx, payer: number, item: UsageItem) {
  const sub = await repo.activeSubscription(db, payer);
  if (!sub) return null;
  const plan = await repo.plan(db, sub.product_plan_id);
  const items = productItems.safeParse(fromJson(plan?.items, {}));
  const priced = items.success ? items.data[PRODUCT_ITEM_OF[item]] : undefined;
  return priced ? { priced, periodEnd: sub.current_period_end } : null;
}

/** Tells the owner once an hour that a paid action was refused (after the refused transaction, never inside it). */
function notifyLater(db: Db, payer: number, message: string) {
  setImmediate(() => {
    void (async () => {
      if (!(await notifiedSince(db, payer, 'billing', Date.now() - NOTIFY_EVERY_MS)))
        await addNotification(db, {
          accountId: payer,
          kind: 'billing',
          title: 'Balance too low',
          body: message,
          data: { overlay: 'addFunds' },
        });
    })().catch(() => undefined);
  });
}

/**
 * Charges one use as it happens: priced by the payer's plan (the item's graduated or volume
 * tiers over the quantity used so far this billing period, so included units cost nothing and each
 * further unit is priced by its tier) and paid from the organization's reward credit, then its wallet, to platform revenue,
 * in the caller's transaction. When the wallet cannot cover it the charge is refused with a 402 naming
 * what could not be paid, the caller's transaction rolls back with it (nothing half-happens), and the
 * owner is notified. An organization without a subscription, or whose plan does not price the item,
 * is not charged. Returns the micro-USD charged (0 when included or repeated).
 */
export async function chargeUsage(db: Db, trx: Tx | null, use: UsageCharge): Promise<{ charged: number; unpaid?: number }> {
  if (!(use.quantity > 0)) return { charged: 0 };
  // Without a caller's transaction, a use nothing prices (no subscription, or a plan without the item:
  // every model turn of most organizations) is told apart by two reads before opening one. A write
  // transaction per agent reply, only to find nothing to charge, held SQLite's single connection
  // across its awaits (npm run bench agents). Whatever is charged is read again inside the transaction.
  if (!trx) {
    const payer = await payerOf(db, use.accountId, use.account);
    if (payer == null || !(await pricingOf(db, payer, use.item))) return { charged: 0 };
  }
  const run = async (t: Tx): Promise<{ charged: number; unpaid?: number }> => {
    const payer = await payerOf(t, use.accountId, use.account);
    if (payer == null) return { charged: 0 };
    const pricing = await pricingOf(t, payer, use.item);
    if (!pricing) return { charged: 0 };
    const key = `usage:${use.key}`;
    if (await ledger.made(t, [key, `${key}:promo`])) return { charged: 0 };
    // The running quantity of the period, raised atomically (concurrent uses each see their own total).
    const total = await repo.addUsage(t, payer, pricing.periodEnd, use.item, use.quantity);
    const { tiers, type } = pricing.priced;
    const price = priceOf(total, tiers, type) - priceOf(total - use.quantity, tiers, type);
    if (price <= 0) return { charged: 0 };
    const message = `Your wallet balance is too low to pay for ${NOUN[use.item]} (${displayUsd(price)}). Add funds to your wallet and try again.`;
    if (use.after) {
      // The account's money (reward credit and wallet) read under their row locks: the spend below cannot be refused then.
      const funds = (await ledger.lockedBalance(t, promoCode(payer))) + (await ledger.lockedBalance(t, walletCode(payer)));
      if (funds < price) {
        notifyLater(db, payer, message);
        return { charged: 0, unpaid: price };
      }
    }
    try {
      // Reward credit first, then the wallet.
      await ledger.spend(t, payer, {
        key,
        credit: PLATFORM_ACCOUNTS.revenue,
        amount: price,
        kind: 'charge',
        memo: `Usage: ${use.quantity} ${pricing.priced.unit}${use.quantity === 1 ? '' : 's'} (${use.item})`,
      });
    } catch (err) {
      if (err instanceof AppError && err.code === 'payment_required') {
        notifyLater(db, payer, message);
        throw paymentRequired(message);
      }
      throw err;
    }
    await repo.addUsageAmount(t, payer, pricing.periodEnd, use.item, price);
    return { charged: price };
  };
  return trx ? run(trx) : db.transaction().execute(run);
}

/** Charges a use after it happened (`after`): never throws; what the wallet could not pay, or a failure, is logged. */
export async function chargeAfter(
  db: Db,
  trx: Tx | null,
  use: Omit<UsageCharge, 'after'>,
  log: { warn: (obj: object, msg: string) => void },
): Promise<void> {
  try {
    const r = await chargeUsage(db, trx, { ...use, after: true });
    if (r.unpaid) log.warn({ key: use.key, item: use.item, unpaid: r.unpaid }, 'billing: usage not paid, the wallet is too low');
  } catch (err) {
    if (trx) throw err;
    log.warn({ err, key: use.key, item: use.item }, 'billing: usage could not be charged');
  }
}

/** Whether the payer's wallet covers `quantity` more of an item now (a call checks one minute before it starts). */
export async function canPayFor(
  db: Db,
  accountId: number,
  item: UsageItem,
  quantity = 1,
): Promise<{ ok: boolean; price: number; message?: string }> {
  const payer = await payerOf(db, accountId);
  if (payer == null) return { ok: true, price: 0 };
  const pricing = await pricingOf(db, payer, item);
  if (!pricing) return { ok: true, price: 0 };
  const before = await repo.usedInPeriod(db, payer, pricing.periodEnd, item);
  const { tiers, type } = pricing.priced;
  const price = priceOf(before + quantity, tiers, type) - priceOf(before, tiers, type);
  const { balance } = await ledger.funds(db, payer);
  if (price <= balance) return { ok: true, price };
  const message = `Your wallet balance is too low to pay for ${NOUN[item]} (${displayUsd(price)}). Add funds to your wallet and try again.`;
  notifyLater(db, payer, message);
  return { ok: false, price, message };
}
