import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNATURE_HEADER } from '../../platform/providers/payments/index.ts';
import { LocalPayments } from '../../platform/providers/payments/local.ts';
import { createTestApp, type Session, type TestApp } from '../../testing/harness.ts';
import { expectLedgerBalanced } from '../../testing/money.ts';
import { ledger } from './index.ts';

/**
 * A dispute's debt (what the wallet could not cover) is paid first by the money that next arrives in
 * the wallet: once per arriving transfer, at most what is owed and what arrived; a won dispute cancels
 * what is still owed and gives back what was collected. Runs on SQLite and, with TEST_DATABASE_URL, on
 * PostgreSQL (a pool of five connections, so concurrent webhooks really run side by side).
 */
let t: TestApp;
let local: LocalPayments;
const urls = { successUrl: 'http://localhost:3000/app/paymentSuccess', cancelUrl: 'http://localhost:3000/app/paymentCancel' };

beforeAll(async () => {
  t = await createTestApp({ JOBS_AUTOSTART: 'false' });
  local = t.services.wallet.payments as LocalPayments;
}, 60_000);
afterAll(async () => {
  await expectLedgerBalanced(t.database.db);
  await t?.close();
});

const wallet = async (s: Session) => (await t.request('GET', '/api/v1/recentTransactions', { token: s.token })).body;
const owedOf = async (s: Session) => 0 - (await ledger.balance(t.database.db, `owed:${s.id}`));

/** Opens a card checkout for the account; returns its session id (not paid yet). */
async function openCheckout(s: Session, amount: string): Promise<string> {
  const co = await t.request('POST', '/api/v1/checkout/vidaCredit', { token: s.token, body: { amount, currency: 'usd', ...urls } });
  expect(co.status).toBe(200);
  return co.body.sessionId as string;
}

/** Delivers a signed payment event through the webhook route, as the processor does; returns the HTTP status. */
async function deliver(event: Record<string, unknown>): Promise<number> {
  const body = JSON.stringify({ reference: 'x', created: Date.now(), ...event });
  const signature = await local.sign(body, Math.floor(Date.now() / 1000));
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/payments/webhook',
    payload: body,
    headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature },
  });
  return res.statusCode;
}

const paid = (sessionId: string, amount: number, id = `evt_paid_${sessionId}`) =>
  deliver({ id, type: 'checkout.completed', sessionId, amount });
const disputed = (sessionId: string, amount: number, extra: Record<string, unknown> = {}) =>
  deliver({
    id: `evt_dp_${sessionId}_${String(extra.outcome ?? 'created')}`,
    type: 'dispute.created',
    sessionId,
    amount,
    disputeId: `dp_${sessionId}`,
    ...extra,
  });

async function topUp(s: Session, amount: number): Promise<string> {
  const sessionId = await openCheckout(s, String(amount / 1_000_000));
  expect(await paid(sessionId, amount)).toBe(200);
  return sessionId;
}

let spent = 0;
async function spend(s: Session, amount: number) {
  await ledger.transfer(t.database.db, {
    key: `test:spend:${++spent}`,
    debit: `wallet:${s.id}`,
    credit: 'platform:revenue',
    amount,
    kind: 'charge',
  });
}

/** An account that topped up $5, spent $3.50 and then lost a dispute of the $5: it holds 0 and owes $3.50. */
async function inDebt(email: string): Promise<{ s: Session; sessionId: string }> {
  const s = await t.signUp(email, { businessName: email.split('@')[0] });
  const sessionId = await topUp(s, 5_000_000);
  await spend(s, 3_500_000);
  expect(await disputed(sessionId, 5_000_000)).toBe(200);
  expect(await disputed(sessionId, 5_000_000, { type: 'dispute.closed', outcome: 'lost' })).toBe(200);
  return { s, sessionId };
}

const collections = async (s: Session) =>
  (await wallet(s)).transactions.filter((x: { kind: string }) => x.kind === 'dispute_collected') as { amount: number; memo: string }[];

describe('collecting a lost dispute from later top-ups', () => {
  it('a debt after spending is paid by the next top-ups, partially and then the rest, each shown as its own line', async () => {
    const { s } = await inDebt('owner@debt-partial.test');
    expect(await wallet(s)).toMatchObject({ balance: 0, owed: 3_500_000, owedUsd: '3.50' });

    // $2 arrives: all of it pays the debt.
    await topUp(s, 2_000_000);
    let w = await wallet(s);
    expect(w).toMatchObject({ balance: 0, owed: 1_500_000, owedUsd: '1.50' });
    expect(w.transactions.slice(0, 2)).toEqual([
      expect.objectContaining({
        kind: 'dispute_collected',
        amount: -2_000_000,
        amountUsd: '-2.00',
        memo: 'Card dispute: owed amount paid from funds added ($1.50 still owed)',
      }),
      expect.objectContaining({ kind: 'card_topup', amount: 2_000_000 }),
    ]);

    // $5 arrives: $1.50 pays the rest, $3.50 stays in the wallet.
    await topUp(s, 5_000_000);
    w = await wallet(s);
    expect(w).toMatchObject({ balance: 3_500_000, owed: 0, owedUsd: '0.00' });
    expect(w.transactions[0]).toMatchObject({
      kind: 'dispute_collected',
      amount: -1_500_000,
      memo: 'Card dispute: owed amount paid from funds added (paid in full)',
    });

    // Nothing is owed any more: the next top-up is all the customer's.
    await topUp(s, 1_000_000);
    expect((await wallet(s)).balance).toBe(4_500_000);
    expect((await collections(s)).map((c) => c.amount)).toEqual([-1_500_000, -2_000_000]);
    expect(await owedOf(s)).toBe(0);
  });

  it('a replayed top-up webhook collects once', async () => {
    const { s } = await inDebt('owner@debt-replay.test');
    const sessionId = await openCheckout(s, '2');
    // The same event three times (one at a time and two at once) and the same payment under another event id.
    expect(await paid(sessionId, 2_000_000, 'evt_replayed')).toBe(200);
    expect(await Promise.all([paid(sessionId, 2_000_000, 'evt_replayed'), paid(sessionId, 2_000_000, 'evt_replayed')])).toEqual([200, 200]);
    expect(await paid(sessionId, 2_000_000, 'evt_replayed_other_id')).toBe(200);
    expect(await wallet(s)).toMatchObject({ balance: 0, owed: 1_500_000 });
    expect((await collections(s)).map((c) => c.amount)).toEqual([-2_000_000]);
  });

  it('concurrent top-ups never collect more than is owed, nor more than each brought', async () => {
    const { s } = await inDebt('owner@debt-concurrent.test');
    // Eight $1 top-ups against a $3.50 debt, every webhook delivered twice, all at once.
    const sessions = await Promise.all(Array.from({ length: 8 }, () => openCheckout(s, '1')));
    const statuses = await Promise.all(sessions.flatMap((id) => [paid(id, 1_000_000), paid(id, 1_000_000, `evt_again_${id}`)]));
    expect(statuses).toEqual(Array(16).fill(200));
    const w = await wallet(s);
    expect(w).toMatchObject({ balance: 8_000_000 - 3_500_000, owed: 0 });
    const taken = await collections(s);
    expect(taken.reduce((sum, c) => sum + c.amount, 0)).toBe(-3_500_000);
    for (const c of taken) expect(c.amount).toBeGreaterThanOrEqual(-1_000_000);
    // Four top-ups paid toward it: three whole dollars and the last fifty cents.
    expect(taken.map((c) => c.amount).sort((a, b) => b - a)).toEqual([-500_000, -1_000_000, -1_000_000, -1_000_000]);
    expect(await owedOf(s)).toBe(0);
  });

  it('money arriving any other way pays it too: a refund and Lightning', async () => {
    const { s } = await inDebt('owner@debt-refund.test');
    const admin = await t.superAdmin();
    const username = (await t.request('GET', '/api/v1/account', { token: s.token })).body.username;
    const refund = await t.request('POST', '/internal/issueRefundToUser', {
      token: admin.token,
      body: { username, usdAmount: '1', idempotencyKey: 'debt-refund' },
    });
    expect(refund.body).toMatchObject({ balance: 0 });
    expect(await wallet(s)).toMatchObject({ owed: 2_500_000 });

    const inv = await t.request('POST', '/api/v1/requestInvoice', { token: s.token, body: { amount: '3' } });
    expect(inv.status).toBe(200);
    expect((await t.request('POST', '/api/dev/lightning/pay', { body: { invoice: inv.body.invoice.invoice } })).status).toBe(200);
    // The node reports it settled (or the owner's pending invoice is read): credited once, the debt paid first.
    await t.request('GET', '/api/v1/pendingInvoice', { token: s.token });
    await t.request('GET', '/api/v1/pendingInvoice', { token: s.token });
    expect(await wallet(s)).toMatchObject({ balance: 500_000, owed: 0 });
    expect((await collections(s)).map((c) => c.amount)).toEqual([-2_500_000, -1_000_000]);
  });

  it('another tree is unaffected and sees nothing of the debt', async () => {
    const { s } = await inDebt('owner@debt-tree.test');
    const other = await t.signUp('owner@debt-other-tree.test', { businessName: 'Debt Other Tree' });
    await topUp(other, 2_000_000);
    expect(await wallet(other)).toMatchObject({ balance: 2_000_000, owed: 0 });
    expect(await collections(other)).toEqual([]);
    expect(await wallet(s)).toMatchObject({ balance: 0, owed: 3_500_000 });
    expect((await t.request('GET', '/api/v1/recentTransactions', { token: other.token, query: { targetAccountId: s.id } })).status).toBe(
      403,
    );
  });
});

describe('a won dispute', () => {
  it('cancels what is still owed and gives back what was held and what top-ups paid toward it', async () => {
    const s = await t.signUp('owner@debt-won.test', { businessName: 'Debt Won' });
    const sessionId = await topUp(s, 5_000_000);
    await spend(s, 3_500_000);
    expect(await disputed(sessionId, 5_000_000)).toBe(200);
    expect(await wallet(s)).toMatchObject({ balance: 0, owed: 3_500_000 });
    // While the dispute is open, a $2 top-up pays toward it.
    await topUp(s, 2_000_000);
    expect(await wallet(s)).toMatchObject({ balance: 0, owed: 1_500_000 });
    const won = { type: 'dispute.closed', outcome: 'won' };
    expect(await disputed(sessionId, 5_000_000, won)).toBe(200);
    expect(await disputed(sessionId, 5_000_000, { ...won, id: 'evt_won_again' })).toBe(200);
    // Held $1.50 + collected $2.00 back; the $1.50 still owed cancelled.
    expect(await wallet(s)).toMatchObject({ balance: 3_500_000, owed: 0 });
    expect(await ledger.balance(t.database.db, `owed:${s.id}`)).toBe(0);
  });

  it('with two disputes, top-ups pay the older first; winning the newer cancels only its own debt', async () => {
    const s = await t.signUp('owner@debt-two.test', { businessName: 'Debt Two' });
    const a = await topUp(s, 3_000_000);
    const b = await topUp(s, 2_000_000);
    await spend(s, 5_000_000);
    expect(await disputed(a, 3_000_000)).toBe(200);
    expect(await disputed(b, 2_000_000)).toBe(200);
    expect(await wallet(s)).toMatchObject({ balance: 0, owed: 5_000_000 });
    // $4 arrives: the older dispute's $3 is paid, $1 of the newer's $2.
    await topUp(s, 4_000_000);
    expect(await wallet(s)).toMatchObject({ balance: 0, owed: 1_000_000 });
    // The newer is won: its $1 still owed is cancelled, its $1 collected comes back (and finds no debt left).
    expect(await disputed(b, 2_000_000, { type: 'dispute.closed', outcome: 'won' })).toBe(200);
    expect(await wallet(s)).toMatchObject({ balance: 1_000_000, owed: 0 });
    // The older is lost: it was paid in full, nothing more is owed or taken.
    expect(await disputed(a, 3_000_000, { type: 'dispute.closed', outcome: 'lost' })).toBe(200);
    expect(await wallet(s)).toMatchObject({ balance: 1_000_000, owed: 0 });
  });

  it('money given back by a won dispute pays another dispute still owed', async () => {
    const s = await t.signUp('owner@debt-won-pays.test', { businessName: 'Debt Won Pays' });
    const a = await topUp(s, 3_000_000);
    const b = await topUp(s, 2_000_000);
    await spend(s, 1_000_000);
    // a holds $3 of the $4 left; b holds the last $1 and owes $1.
    expect(await disputed(a, 3_000_000)).toBe(200);
    expect(await disputed(b, 2_000_000)).toBe(200);
    expect(await wallet(s)).toMatchObject({ balance: 0, owed: 1_000_000 });
    // a is won: its $3 comes back and pays b's $1 first.
    expect(await disputed(a, 3_000_000, { type: 'dispute.closed', outcome: 'won' })).toBe(200);
    expect(await wallet(s)).toMatchObject({ balance: 2_000_000, owed: 0 });
    expect((await collections(s)).map((c) => c.amount)).toEqual([-1_000_000]);
  });
});
