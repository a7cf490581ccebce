import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNATURE_HEADER } from '../../platform/providers/payments/index.ts';
import { LocalPayments } from '../../platform/providers/payments/local.ts';
import { createTestApp, type Session, type TestApp } from '../../testing/harness.ts';
import { ledger } from './index.ts';

let t: TestApp;
let owner: Session;
let other: Session;
let local: LocalPayments;
const urls = { successUrl: 'http://localhost:3000/app/paymentSuccess', cancelUrl: 'http://localhost:3000/app/paymentCancel' };

beforeAll(async () => {
  t = await createTestApp({ JOBS_AUTOSTART: 'false' });
  owner = await t.signUp('owner@wallet.test', { businessName: 'Wallet Co' });
  other = await t.signUp('owner@other-tree.test', { businessName: 'Other Tree' });
  local = t.services.wallet.payments as LocalPayments;
}, 60_000);
afterAll(async () => {
  const check = await ledger.check(t.database.db);
  expect(check.total).toBe(0);
  expect(check.mismatched).toEqual([]);
  await t?.close();
});

const balance = async (s: Session) => (await t.request('GET', '/api/v1/recentTransactions', { token: s.token })).body.balance as number;

async function checkout(s: Session, amount: string | number, extra: Record<string, unknown> = {}) {
  return t.request('POST', '/api/v1/checkout/vidaCredit', { token: s.token, body: { amount, currency: 'usd', ...urls, ...extra } });
}

/** The customer presses a button on the local checkout page. */
async function press(sessionId: string, button: 'pay' | 'cancel') {
  const res = await t.app.inject({
    method: 'POST',
    url: `/pay/checkout/${sessionId}/${button}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
  return { status: res.statusCode, location: res.headers.location as string };
}

describe('adding funds by card through the local checkout', () => {
  it('pays $10 on the checkout page: the wallet holds $10.00 and shows the transaction once', async () => {
    const co = await checkout(owner, '10');
    expect(co.status).toBe(200);
    expect(co.body.url).toBe(`/pay/checkout/${co.body.sessionId}`);
    const page = await t.app.inject({ method: 'GET', url: `/pay/checkout/${co.body.sessionId}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Pay $10.00');

    const paid = await press(co.body.sessionId, 'pay');
    expect(paid.status).toBe(303);
    expect(paid.location).toBe(`${urls.successUrl}?session_id=${co.body.sessionId}`);

    const recent = await t.request('GET', '/api/v1/recentTransactions', { token: owner.token });
    expect(recent.body).toMatchObject({ balance: 10_000_000, balanceUsd: '10.00' });
    expect(recent.body.transactions).toEqual([
      expect.objectContaining({ kind: 'card_topup', amount: 10_000_000, amountUsd: '10.00', memo: 'Added funds by card' }),
    ]);
    const status = await t.request('GET', '/api/v1/checkout/status', { token: owner.token, query: { sessionId: co.body.sessionId } });
    expect(status.body.checkout).toMatchObject({ status: 'paid', amountUsd: '10.00', purpose: 'credit' });

    // Pressing pay again, or the processor delivering the event twice and a late cancel, changes nothing.
    expect((await press(co.body.sessionId, 'pay')).location).toContain('paymentSuccess');
    const event = {
      id: `evt_${co.body.sessionId}_paid`,
      type: 'checkout.completed',
      sessionId: co.body.sessionId,
      reference: `credit:${owner.id}`,
      amount: 10_000_000,
      created: Date.now(),
    };
    await local.send(event as never);
    await local.send({ ...event, id: 'evt_other_id_same_session' } as never);
    await local.send({ ...event, id: 'evt_late_cancel', type: 'checkout.canceled' } as never);
    expect(await balance(owner)).toBe(10_000_000);
    expect(
      (await t.request('GET', '/api/v1/checkout/status', { token: owner.token, query: { sessionId: co.body.sessionId } })).body.checkout
        .status,
    ).toBe('paid');
  });

  it('a cancelled checkout adds nothing and returns to the cancel page', async () => {
    const before = await balance(owner);
    const co = await checkout(owner, 25);
    const cancelled = await press(co.body.sessionId, 'cancel');
    expect(cancelled.location).toBe(`${urls.cancelUrl}?session_id=${co.body.sessionId}`);
    expect((await press(co.body.sessionId, 'pay')).location).toContain('paymentCancel');
    expect(await balance(owner)).toBe(before);
    const status = await t.request('GET', '/api/v1/checkout/status', { token: owner.token, query: { sessionId: co.body.sessionId } });
    expect(status.body.checkout.status).toBe('canceled');
  });

  it('the same webhook delivered 10 times at once credits once', async () => {
    const before = await balance(owner);
    const co = await checkout(owner, '0.5');
    expect(co.status).toBe(400);
    const co2 = await checkout(owner, '1.25');
    const body = JSON.stringify({
      id: 'evt_burst',
      type: 'checkout.completed',
      sessionId: co2.body.sessionId,
      reference: 'x',
      amount: 1_250_000,
      created: Date.now(),
    });
    const signature = await local.sign(body, Math.floor(Date.now() / 1000));
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/payments/webhook',
          payload: body,
          headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature },
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(results.filter((r) => r.json().handled)).toHaveLength(1);
    expect(await balance(owner)).toBe(before + 1_250_000);
  });

  it('refuses webhooks with a wrong signature or an old timestamp', async () => {
    const co = await checkout(owner, '3');
    const body = JSON.stringify({
      id: 'evt_forged',
      type: 'checkout.completed',
      sessionId: co.body.sessionId,
      reference: 'x',
      amount: 3_000_000,
      created: Date.now(),
    });
    const send = (signature: string) =>
      t.request('POST', '/api/v1/payments/webhook', {
        body,
        headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature },
      });
    const now = Math.floor(Date.now() / 1000);
    expect((await send(`t=${now},v1=${'0'.repeat(64)}`)).status).toBe(403);
    const old = await send(await local.sign(body, now - 3600));
    expect(old.status).toBe(403);
    expect(old.body.message).toMatch(/tolerance/);
    expect((await send('')).status).toBe(403);
    expect(
      (await t.request('GET', '/api/v1/checkout/status', { token: owner.token, query: { sessionId: co.body.sessionId } })).body.checkout
        .status,
    ).toBe('open');
  });

  it('parses amounts exactly and names the field of a bad one', async () => {
    const exact = await checkout(owner, '12.345678');
    expect(exact.status).toBe(200);
    const row = await t.database.db
      .selectFrom('checkouts')
      .select('amount')
      .where('id', '=', exact.body.sessionId)
      .executeTakeFirstOrThrow();
    expect(Number(row.amount)).toBe(12_345_678);
    for (const [amount, extra] of [
      ['1.0000001', {}],
      ['ten', {}],
      ['-5', {}],
      ['20000', {}],
      ['10', { currency: 'eur' }],
      ['10', { successUrl: 'javascript:alert(1)' }],
    ] as const) {
      const r = await checkout(owner, amount, extra);
      expect(r.status).toBe(400);
      expect(['amount', 'currency', 'successUrl']).toContain(r.body.field);
    }
  });

  it('answers a repeated idempotency key with the same checkout', async () => {
    const a = await checkout(owner, '5', { idempotencyKey: 'topup-1' });
    const b = await checkout(owner, '5', { idempotencyKey: 'topup-1' });
    expect(b.body.sessionId).toBe(a.body.sessionId);
  });
});

describe('authorization', () => {
  it("another tree's token reads no balance and moves no money", async () => {
    const before = await balance(owner);
    const q = { targetAccountId: owner.id };
    expect((await t.request('GET', '/api/v1/recentTransactions', { token: other.token, query: q })).status).toBe(403);
    expect(
      (await t.request('POST', '/api/v1/checkout/vidaCredit', { token: other.token, body: { ...q, amount: '5', ...urls } })).status,
    ).toBe(403);
    expect((await t.request('POST', '/api/v1/requestInvoice', { token: other.token, body: { ...q, amount: '5' } })).status).toBe(403);
    // Its own wallet is empty, and a checkout of the first organization is not found from it.
    const own = await t.request('GET', '/api/v1/recentTransactions', { token: other.token });
    expect(own.body).toMatchObject({ balance: 0, transactions: [] });
    const co = await checkout(owner, '2');
    expect(
      (await t.request('GET', '/api/v1/checkout/status', { token: other.token, query: { sessionId: co.body.sessionId } })).status,
    ).toBe(404);
    expect(await balance(owner)).toBe(before);
  });

  it('a member without the owner flag sees no billing and adds no funds', async () => {
    expect((await t.request('POST', '/api/v2/inviteAdminUser', { token: owner.token, body: { email: 'member@wallet.test' } })).status).toBe(
      200,
    );
    const member = await t.signIn('member@wallet.test');
    const q = { targetAccountId: owner.id };
    expect((await t.request('GET', '/api/v1/recentTransactions', { token: member.token, query: q })).status).toBe(403);
    expect(
      (await t.request('POST', '/api/v1/checkout/vidaCredit', { token: member.token, body: { ...q, amount: '5', ...urls } })).status,
    ).toBe(403);
    expect((await t.request('GET', '/api/v1/pendingInvoice', { token: member.token, query: q })).status).toBe(403);
  });

  it('the billing portal link cannot be forged', async () => {
    const forged = await t.app.inject({
      method: 'GET',
      url: `/pay/portal?customer=${owner.id}&return=http://x&exp=9999999999&sig=${'a'.repeat(64)}`,
    });
    expect(forged.statusCode).toBe(403);
    const real = await local.portalUrl(String(owner.id), 'http://localhost:3000/app');
    const page = await t.app.inject({ method: 'GET', url: real });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Wallet balance: $');
  });
});

describe('refunds by a super admin', () => {
  it("refunds into a user's wallet once per key, with the spec's messages", async () => {
    const admin = await t.superAdmin();
    const before = await balance(other);
    const username = (await t.request('GET', '/api/v1/account', { token: other.token })).body.username;
    const body = { username, usdAmount: '7.25', idempotencyKey: 'ticket-42' };
    const r = await t.request('POST', '/internal/issueRefundToUser', { token: admin.token, body });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ message: 'The refund for the issue has been processed.', repeated: false, balance: before + 7_250_000 });
    expect((await t.request('POST', '/internal/issueRefundToUser', { token: admin.token, body })).body.repeated).toBe(true);
    const sats = await t.request('POST', '/internal/issueRefundToUser', { token: admin.token, body: { username, satsAmount: 1000 } });
    expect(sats.body.balance).toBe(before + 7_250_000 + 430_000);
    const recent = await t.request('GET', '/api/v1/recentTransactions', { token: other.token });
    expect(recent.body.transactions[0]).toMatchObject({ kind: 'refund', memo: 'Refund' });

    const unknown = await t.request('POST', '/internal/issueRefundToUser', {
      token: admin.token,
      body: { username: 'nobody-here', usdAmount: '1' },
    });
    expect(unknown).toMatchObject({ status: 404, body: { message: 'Something went wrong.' } });
    expect((await t.request('POST', '/internal/issueRefundToUser', { token: admin.token, body: { username } })).body.field).toBe(
      'usdAmount',
    );
    // Not a super admin: refused, nothing moves.
    expect(
      (await t.request('POST', '/internal/issueRefundToUser', { token: owner.token, body: { username, usdAmount: '100' } })).status,
    ).toBe(403);
    expect(await balance(other)).toBe(before + 7_680_000);
  });
});

describe('card disputes', () => {
  const dispute = (sessionId: string, id: string, amount: number, extra: Record<string, unknown> = {}) =>
    local.send({
      id,
      type: 'dispute.created',
      sessionId,
      reference: 'x',
      amount,
      created: Date.now(),
      disputeId: `dp_${sessionId}`,
      ...extra,
    } as never);
  const paidCheckout = async (s: Session, amount: string) => {
    const co = await checkout(s, amount);
    await press(co.body.sessionId, 'pay');
    return co.body.sessionId as string;
  };
  const bal = (code: string) => ledger.balance(t.database.db, code);

  it('a dispute holds the amount; won returns it; each event twice and out of order moves the ledger once', async () => {
    const s = await t.signUp('owner@dispute-won.test', { businessName: 'Dispute Won' });
    const first = await paidCheckout(s, '10');
    await paidCheckout(s, '5');
    await dispute(first, 'evt_dp_won_created', 10_000_000);
    await dispute(first, 'evt_dp_won_created', 10_000_000);
    await dispute(first, 'evt_dp_won_created_again', 10_000_000);
    expect(await balance(s)).toBe(5_000_000);
    expect(await bal('platform:disputes')).toBeGreaterThanOrEqual(10_000_000);
    const recent = await t.request('GET', '/api/v1/recentTransactions', { token: s.token });
    expect(recent.body.transactions[0]).toMatchObject({ kind: 'dispute_hold', amount: -10_000_000 });
    const won = { type: 'dispute.closed', outcome: 'won' };
    await dispute(first, 'evt_dp_won_closed', 10_000_000, won);
    await dispute(first, 'evt_dp_won_closed', 10_000_000, won);
    await dispute(first, 'evt_dp_won_closed_lost_late', 10_000_000, { type: 'dispute.closed', outcome: 'lost' });
    await dispute(first, 'evt_dp_won_created_late', 10_000_000);
    expect(await balance(s)).toBe(15_000_000);
    expect(await bal(`owed:${s.id}`)).toBe(0);
  });

  it('a wallet that cannot cover a dispute gives what it holds and owes the rest; closed before created changes the ledger once', async () => {
    const s = await t.signUp('owner@dispute-lost.test', { businessName: 'Dispute Lost' });
    const sessionId = await paidCheckout(s, '5');
    // The customer spends $3.50 of it first.
    await ledger.transfer(t.database.db, {
      key: `test:spend:${s.id}`,
      debit: `wallet:${s.id}`,
      credit: 'platform:revenue',
      amount: 3_500_000,
      kind: 'charge',
    });
    const cardBefore = await bal('platform:card_clearing');
    const lost = { type: 'dispute.closed', outcome: 'lost' };
    // The closing event arrives first, twice; then the late opening, twice.
    await dispute(sessionId, 'evt_dp_lost_closed', 5_000_000, lost);
    await dispute(sessionId, 'evt_dp_lost_closed', 5_000_000, lost);
    await dispute(sessionId, 'evt_dp_lost_created', 5_000_000);
    await dispute(sessionId, 'evt_dp_lost_created_2', 5_000_000);
    await dispute(sessionId, 'evt_dp_lost_won_late', 5_000_000, { type: 'dispute.closed', outcome: 'won' });
    expect(await balance(s)).toBe(0);
    expect(await bal(`owed:${s.id}`)).toBe(-3_500_000);
    expect(await bal('platform:card_clearing')).toBe(cardBefore + 5_000_000);
    const transfers = await t.database.db
      .selectFrom('ledger_transfers')
      .select('kind')
      .where('idempotency_key', 'like', `dispute:dp_${sessionId}:%`)
      .execute();
    expect(transfers.map((r) => r.kind).sort()).toEqual(['dispute_hold', 'dispute_lost', 'dispute_owed']);
  });
});
