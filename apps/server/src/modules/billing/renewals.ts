import type { Deps } from '../../deps.ts';
import type { Db, Tx } from '../../db.ts';
import { AppError } from '../../platform/http/errors.ts';
import { updateAccount } from '../accounts/index.ts';
import { addNotification } from '../notifications/index.ts';
import { ledger, PLATFORM_ACCOUNTS, type WalletService } from '../wallet/index.ts';
import { billingRepository as repo, type SubscriptionRow } from './repository.ts';

type Term = 'month' | 'year';

/**
 * Subscription renewals. Each period is paid once, keyed `renewal:<subscription>:<new period end>`:
 * - by the renewal job from the organization's money when a period ends (reward credit first, then the
 *   wallet → revenue); when the
 *   wallet cannot pay, the subscription is past_due, premium is off and the owner is told; the next
 *   run tries again and a payment brings both back;
 * - or by the processor's webhooks (`subscription.renewed`: card clearing → revenue;
 *   `subscription.payment_failed`), idempotent and safe in any order: a renewal only moves the period
 *   end forward (to the latest paid), and a failure counts only for a period not already paid.
 * Premium (vidaPremium) follows: on while active, off while past due or canceled.
 */
export function createRenewals(deps: Deps, wallet: WalletService, periodEnd: (from: number, term: Term) => number) {
  const db = deps.db as Db;

  async function paid(trx: Tx, sub: SubscriptionRow, newEnd: number) {
    await repo.markRenewed(trx, sub.id, newEnd);
    await updateAccount(trx, sub.account_id, { vida_premium: 1 });
  }

  async function pastDue(trx: Tx, sub: SubscriptionRow, message: string) {
    if (!(await repo.markPastDue(trx, sub.id, sub.current_period_end))) return;
    await updateAccount(trx, sub.account_id, { vida_premium: 0 });
    await addNotification(trx, {
      accountId: sub.account_id,
      kind: 'billing',
      title: 'Plan payment failed',
      body: message,
      data: { overlay: 'addFunds' },
    });
  }

  wallet.onSubscriptionEvent(async (trx, event, co) => {
    const s = await repo.subscriptionOfCheckout(trx, co.id);
    if (!s || s.status === 'canceled' || !event.periodEnd) return;
    if (event.type === 'subscription.renewed') {
      const key = `renewal:${s.id}:${event.periodEnd}`;
      // Paid already (by the processor, or by the renewal job from the wallet or reward credit)?
      if (!(await ledger.made(trx, [key, `${key}:promo`])))
        await ledger.transfer(trx, {
          key,
          debit: PLATFORM_ACCOUNTS.card,
          credit: PLATFORM_ACCOUNTS.revenue,
          amount: event.amount,
          kind: 'renewal',
        });
      await paid(trx, s, event.periodEnd);
    } else if (s.current_period_end < event.periodEnd) {
      await pastDue(trx, s, 'Your card payment for your plan failed. Update your payment method to keep premium features.');
    }
  });

  return {
    /** Renews every subscription whose period has ended from its wallet (the job); returns how many were renewed. */
    async renewDue(now = Date.now()): Promise<{ renewed: number; pastDue: number }> {
      const due = await repo.dueSubscriptions(db, now, 500);
      let renewed = 0;
      let late = 0;
      for (const sub of due) {
        const plan = await repo.plan(db, sub.product_plan_id);
        if (!plan) continue;
        const price = sub.term === 'year' ? plan.price_year : plan.price_month;
        const newEnd = periodEnd(sub.current_period_end, sub.term);
        try {
          await db.transaction().execute(async (trx) => {
            if (price > 0)
              await ledger.spend(trx, sub.account_id, {
                key: `renewal:${sub.id}:${newEnd}`,
                credit: PLATFORM_ACCOUNTS.revenue,
                amount: price,
                kind: 'renewal',
                memo: `${plan.name} plan renewed (${sub.term})`,
              });
            await paid(trx, sub, newEnd);
          });
          renewed++;
        } catch (err) {
          if (!(err instanceof AppError && err.code === 'payment_required')) throw err;
          await db
            .transaction()
            .execute((trx) =>
              pastDue(trx, sub, `Your wallet could not pay the ${plan.name} plan's renewal. Add funds to keep premium features.`),
            );
          late++;
        }
      }
      return { renewed, pastDue: late };
    },
  };
}
