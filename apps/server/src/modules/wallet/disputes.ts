import type { Tx } from '../../db.ts';
import type { PaymentEvent } from '../../platform/providers/payments/index.ts';
import { ledger, owedCode, PLATFORM_ACCOUNTS, walletCode } from './ledger.ts';
import type { CheckoutRow } from './repository/checkouts.ts';
import { disputesRepository as repo } from './repository/disputes.ts';
import type { DisputesTable } from './tables.ts';

/**
 * Card disputes (a processor's `dispute.created` / `dispute.closed`, Stripe's `charge.dispute.*`).
 *
 * Opening takes the disputed amount (at most what the checkout paid) back into `platform:disputes`:
 * from the wallet for a top-up, from `platform:revenue` for a plan payment. A wallet never goes below
 * 0, so it gives what it holds (`held`) and the rest is recorded as a debt on the account's
 * `owed:<id>` ledger account (its balance below 0 is what the account owes). Closing moves the money
 * once: won → back to where it came from (what is still owed cancelled, what was already collected
 * returned), lost → `platform:card_clearing` (the card network took it back; a debt stays owed). Money
 * arriving in the wallet later pays the debt first (ledger.ts, `collectDebt`). The `disputes` row (unique per dispute id) and the
 * conditional status move make a repeated, late or out-of-order event change the ledger once: a
 * `closed` arriving first opens the dispute and closes it; the late `created` then finds it.
 */
export async function applyDispute(trx: Tx, event: PaymentEvent, co: CheckoutRow): Promise<boolean> {
  const id = event.disputeId;
  const amount = Math.min(event.amount, co.amount);
  if (!id || !Number.isSafeInteger(amount) || amount <= 0) return false;
  const dispute = await openDispute(trx, id, co, amount);
  if (event.type === 'dispute.closed' && (event.outcome === 'won' || event.outcome === 'lost'))
    await closeDispute(trx, dispute, co, event.outcome);
  return true;
}

const sourceOf = (co: CheckoutRow) => (co.purpose === 'credit' ? walletCode(co.account_id) : PLATFORM_ACCOUNTS.revenue);

async function openDispute(trx: Tx, id: string, co: CheckoutRow, amount: number): Promise<DisputesTable> {
  const known = await repo.byId(trx, id);
  if (known) return known;
  const source = sourceOf(co);
  // Read under the source's row lock, so no concurrent debit changes what it holds before the hold.
  const available = co.purpose === 'credit' ? Math.max(0, await ledger.lockedBalance(trx, source)) : amount;
  const held = Math.min(available, amount);
  const now = Date.now();
  const row = {
    id,
    account_id: co.account_id,
    checkout_id: co.id,
    amount,
    held,
    owed: amount - held,
    status: 'open' as const,
    created_at: now,
    updated_at: now,
  };
  if (!(await repo.insert(trx, row))) {
    const first = await repo.byId(trx, id);
    if (!first) throw new Error(`dispute ${id} was neither stored nor found`);
    return first;
  }
  if (held > 0)
    await ledger.transfer(trx, {
      key: `dispute:${id}:hold`,
      debit: source,
      credit: PLATFORM_ACCOUNTS.disputes,
      amount: held,
      kind: 'dispute_hold',
    });
  if (row.owed > 0)
    await ledger.transfer(trx, {
      key: `dispute:${id}:owed`,
      debit: owedCode(co.account_id),
      credit: PLATFORM_ACCOUNTS.disputes,
      amount: row.owed,
      kind: 'dispute_owed',
    });
  return row;
}

async function closeDispute(trx: Tx, d: DisputesTable, co: CheckoutRow, outcome: 'won' | 'lost'): Promise<void> {
  // A won top-up dispute changes the account's debt and wallet: take the wallet's row lock first, like
  // every writer of `owed:<id>` (ledger.ts, collectDebt), so the debt read below is stable and no
  // collection deadlocks with this.
  const still = outcome === 'won' && co.purpose === 'credit' ? await stillOwed(trx, d) : 0;
  if (!(await repo.close(trx, d.id, outcome, Date.now()))) return;
  const from = PLATFORM_ACCOUNTS.disputes;
  if (outcome === 'lost') {
    await ledger.transfer(trx, {
      key: `dispute:${d.id}:lost`,
      debit: from,
      credit: PLATFORM_ACCOUNTS.card,
      amount: d.amount,
      kind: 'dispute_lost',
    });
    return;
  }
  // Won: what is still owed is cancelled first; then what was held, and what later top-ups paid toward
  // this dispute's debt, go back to the wallet (where, like any money arriving, it pays other debts first).
  if (still > 0)
    await ledger.transfer(trx, {
      key: `dispute:${d.id}:won:owed`,
      debit: from,
      credit: owedCode(co.account_id),
      amount: still,
      kind: 'dispute_won',
    });
  const back = d.held + (d.owed - still);
  if (back > 0)
    await ledger.transfer(trx, { key: `dispute:${d.id}:won`, debit: from, credit: sourceOf(co), amount: back, kind: 'dispute_won' });
}

/**
 * What is still owed of this dispute's debt. Collections (ledger.ts) pay the account's debt as one sum,
 * oldest dispute first, so the debt left belongs to the newest disputes: walking the account's disputes
 * not won, newest first, each keeps at most its `owed` of what is left. Called under the wallet's lock.
 */
async function stillOwed(trx: Tx, d: DisputesTable): Promise<number> {
  await ledger.lockedBalance(trx, walletCode(d.account_id));
  let debt = Math.max(0, -(await ledger.lockedBalance(trx, owedCode(d.account_id))));
  const rows = await repo.owingOf(trx, d.account_id);
  for (const r of rows) {
    const share = Math.min(r.owed, debt);
    if (r.id === d.id) return share;
    debt -= share;
  }
  return 0;
}
