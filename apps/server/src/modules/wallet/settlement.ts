import type { Db, Tx } from '../../db.ts';
import { badRequest } from '../../platform/http/errors.ts';
import type { PaymentEvent } from '../../platform/providers/payments/index.ts';
import { emitWebhookEvent } from '../webhooks/index.ts';
import { applyDispute } from './disputes.ts';
import { ledger, PLATFORM_ACCOUNTS, walletCode, type TransferRow } from './ledger.ts';
import { walletRepository as repo, type CheckoutRow } from './repository/checkouts.ts';

/** What another module does when a checkout it opened is paid, inside the transaction that records it. */
export type CheckoutPaidHandler = (trx: Tx, checkout: CheckoutRow) => Promise<void>;
/**
 * What another module does when money arrives from outside for an account (a card payment, a plan bought
 * by card, a Lightning payment), inside the transaction that credits it, once per payment.
 */
export type MoneyInHandler = (
  trx: Tx,
  payment: { accountId: number; amount: number; method: 'card' | 'lightning'; purpose: string },
) => Promise<void>;
/** What billing does with a processor's subscription event (renewed or payment failed), in the event's transaction. */
export type SubscriptionEventHandler = (trx: Tx, event: PaymentEvent, checkout: CheckoutRow) => Promise<void>;

/**
 * Money arriving from outside: a paid Lightning invoice and a card processor's verified events, each
 * credited once, with what other modules registered to do when it arrives. No caller: the node and the
 * processor's signed webhooks report them (or a service method that has checked its caller).
 */
export function createSettlement(db: Db, payouts: { returnedByRef(ref: string, eventId: string): Promise<boolean> }) {
  const paidHandlers = new Map<string, CheckoutPaidHandler>();
  let subscriptionEvents: SubscriptionEventHandler | null = null;
  const moneyInHandlers: MoneyInHandler[] = [];
  const moneyIn: MoneyInHandler = async (trx, payment) => {
    for (const h of moneyInHandlers) await h(trx, payment);
  };

  /** Outbound webhooks: payment.received, once per ledger transfer, committed with it. */
  const emitPaymentReceived = (trx: Tx, accountId: number, t: TransferRow, method: 'card' | 'lightning', purpose: string) =>
    emitWebhookEvent(trx, {
      accountId,
      type: 'payment.received',
      key: `payment.received:${t.id}`,
      data: { payment: { id: t.id, method, purpose, amountMicroUsd: Number(t.amount), currency: 'usd', createdAt: Number(t.created_at) } },
    });

  return {
    /** Billing registers what a processor's subscription events do. */
    onSubscriptionEvent(handler: SubscriptionEventHandler) {
      subscriptionEvents = handler;
    },

    /** Others register what money arriving from outside does (referrals: the invitee became a paying customer). */
    onMoneyIn(handler: MoneyInHandler) {
      moneyInHandlers.push(handler);
    },

    /** Billing registers what a paid subscription checkout does. */
    onCheckoutPaid(purpose: CheckoutRow['purpose'], handler: CheckoutPaidHandler) {
      paidHandlers.set(purpose, handler);
    },

    /** Credits a Lightning invoice once, whoever reports it first (the node or the payer's proof). */
    async settleInvoice(paymentHash: string): Promise<void> {
      const inv = await repo.invoiceByHash(db, paymentHash);
      if (!inv) return;
      await db.transaction().execute(async (trx) => {
        const t = await ledger.transfer(trx, {
          key: `ln:${paymentHash}`,
          debit: PLATFORM_ACCOUNTS.lightning,
          credit: walletCode(inv.account_id),
          amount: inv.amount_usd,
          kind: 'lightning_topup',
        });
        if (!t.repeated) {
          await emitPaymentReceived(trx, inv.account_id, t.transfer, 'lightning', 'credit');
          await moneyIn(trx, { accountId: inv.account_id, amount: inv.amount_usd, method: 'lightning', purpose: 'credit' });
        }
        await repo.markInvoicePaid(trx, paymentHash, Date.now());
      });
    },

    /**
     * A verified payment webhook. Each event id is handled once; a completed checkout credits the
     * wallet (or runs its purpose's handler) once, whatever order or number of deliveries: paid is
     * final, a cancel or failure only moves an open checkout.
     */
    async handlePaymentEvent(event: PaymentEvent): Promise<{ handled: boolean }> {
      // A payout reversed by the processor (Stripe's transfer.reversed): the money goes back once.
      if (event.type === 'payout.returned') return { handled: await payouts.returnedByRef(event.payoutRef ?? '', event.id) };
      return db.transaction().execute(async (trx) => {
        if (!(await repo.recordEvent(trx, event.id, event.type))) return { handled: false };
        const co = await repo.checkout(trx, event.sessionId);
        if (!co || event.type === 'ignored') return { handled: false };
        if (event.type === 'subscription.renewed' || event.type === 'subscription.payment_failed') {
          // The subscription the checkout started; the event names that first checkout.
          if (co.purpose !== 'subscription' || !subscriptionEvents) return { handled: false };
          await subscriptionEvents(trx, event, co);
        } else if (event.type === 'dispute.created' || event.type === 'dispute.closed') {
          return { handled: await applyDispute(trx, event, co) };
        } else if (event.type === 'checkout.completed') {
          if (event.amount !== co.amount) throw badRequest('The paid amount does not match the checkout.');
          const credit = co.purpose === 'credit';
          const t = await ledger.transfer(trx, {
            key: `checkout:${co.id}`,
            debit: PLATFORM_ACCOUNTS.card,
            credit: credit ? walletCode(co.account_id) : PLATFORM_ACCOUNTS.revenue,
            amount: co.amount,
            kind: credit ? 'card_topup' : 'subscription',
          });
          if (!t.repeated) {
            await emitPaymentReceived(trx, co.account_id, t.transfer, 'card', co.purpose);
            await moneyIn(trx, { accountId: co.account_id, amount: co.amount, method: 'card', purpose: co.purpose });
          }
          if (await repo.moveCheckout(trx, co.id, ['open', 'canceled', 'failed'], 'paid')) await paidHandlers.get(co.purpose)?.(trx, co);
        } else {
          await repo.moveCheckout(trx, co.id, ['open'], event.type === 'checkout.canceled' ? 'canceled' : 'failed');
        }
        return { handled: true };
      });
    },
  };
}
