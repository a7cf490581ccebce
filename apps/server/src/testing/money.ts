import { expect } from 'vitest';
import type { Db } from '../db.ts';
import type { TestApp } from './harness.ts';
import { ledger, PLATFORM_ACCOUNTS, promoCode, walletCode } from '../modules/wallet/index.ts';

/** Test helpers for money: fund a wallet through the ledger, a metered plan, and the zero-sum check. */
export const fundWallet = (db: Db, accountId: number, micros: number) =>
  ledger.transfer(db, {
    key: `fund:${accountId}:${Math.random()}`,
    debit: PLATFORM_ACCOUNTS.card,
    credit: walletCode(accountId),
    amount: micros,
    kind: 'card_topup',
  });

/** The withdrawable part (the wallet), and the reward credit. */
export const walletBalance = (db: Db, accountId: number) => ledger.balance(db, walletCode(accountId));
export const promoBalance = (db: Db, accountId: number) => ledger.balance(db, promoCode(accountId));

/** The ledger's reconciliation holds: balances sum to 0 and each equals its transfers. */
export async function expectLedgerBalanced(db: Db): Promise<void> {
  const check = await ledger.check(db);
  expect(check.total).toBe(0);
  expect(check.mismatched).toEqual([]);
}

/** Subscribes an account to a new plan with these product items (its period ends at `periodEnd`). */
export async function subscribeToMeteredPlan(
  db: Db,
  accountId: number,
  items: Record<string, unknown>,
  periodEnd = Date.now() + 30 * 86_400_000,
) {
  const plan = await db
    .insertInto('product_plans')
    .values({
      owner_account_id: null,
      name: `Metered ${accountId}`,
      description: 'test',
      price_month: 1_000_000,
      price_year: 10_000_000,
      items: JSON.stringify(items),
      active: 0,
      created_at: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('subscriptions')
    .values({
      account_id: accountId,
      product_plan_id: plan.id,
      term: 'month',
      status: 'active',
      checkout_id: null,
      cancel_reason: null,
      cancel_details: null,
      current_period_end: periodEnd,
      created_at: Date.now(),
      canceled_at: null,
    })
    .execute();
}

/** An account adds money by card as its owner would: a checkout, paid on the local processor's page (webhook-equivalent). */
export async function payByCard(t: TestApp, token: string, amountUsd: string) {
  const urls = { successUrl: 'http://localhost:3000/app?paid=1', cancelUrl: 'http://localhost:3000/app' };
  const co = await t.request('POST', '/api/v1/checkout/vidaCredit', { token, body: { amount: amountUsd, currency: 'usd', ...urls } });
  expect(co.status).toBe(200);
  const res = await t.app.inject({
    method: 'POST',
    url: `/pay/checkout/${co.body.sessionId}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
  expect(res.statusCode).toBe(303);
}
