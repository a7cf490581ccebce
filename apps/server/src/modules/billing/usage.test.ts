import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../../testing/harness.ts';
import { expectLedgerBalanced, fundWallet, subscribeToMeteredPlan, walletBalance } from '../../testing/money.ts';
import { canPayFor, chargeUsage } from './index.ts';

/**
 * Usage charged as it happens: a plan prices outbound messages (2 included, then $0.01 each, graduated)
 * and voice minutes (volume: $0.05 a minute up to 10, $0.03 each when more); the wallet pays.
 */
let t: TestApp;
let owner: Session;
const PERIOD_END = Date.now() + 30 * 86_400_000;

const METERED = {
  messagesOut: {
    type: 'graduated',
    unit: 'message',
    tiers: [
      { quantityMin: 1, quantityMax: 2, price: 0 },
      { quantityMin: 3, quantityMax: null, price: 10_000 },
    ],
  },
  voiceMinutes: {
    type: 'volume',
    unit: 'minute',
    tiers: [
      { quantityMin: 1, quantityMax: 10, price: 50_000 },
      { quantityMin: 11, quantityMax: null, price: 30_000 },
    ],
  },
};
const subscribe = (accountId: number) => subscribeToMeteredPlan(t.database.db, accountId, METERED, PERIOD_END);
const fund = (id: number, micros: number) => fundWallet(t.database.db, id, micros);
const balance = (id: number) => walletBalance(t.database.db, id);

beforeAll(async () => {
  t = await createTestApp({ JOBS_AUTOSTART: 'false' });
  owner = await t.signUp('owner@usage.test', { businessName: 'Metered Co' });
  await subscribe(owner.id);
}, 60_000);
afterAll(async () => {
  await expectLedgerBalanced(t.database.db);
  await t?.close();
});

describe('messages are charged as they are sent', () => {
  it('included messages are free, the next cost $0.01 each, and a message the wallet cannot pay is refused with 402 and not stored', async () => {
    const v = (await t.request('GET', '/api/v1/allocateTempUserSession')).body as { token: string };
    const username = (await t.request('GET', '/api/v1/account', { token: owner.token })).body.username as string;
    const roomId = (await t.request('POST', '/api/v1/messages', { token: v.token, body: { to: username, body: 'Hello?' } })).body
      .roomId as string;
    const send = (body: string) =>
      t.request('POST', '/api/v1/messages', {
        token: owner.token,
        query: { targetAccountId: owner.id },
        body: { roomId, body, targetAccountId: owner.id },
      });
    await fund(owner.id, 15_000);
    expect((await send('one')).status).toBe(200);
    expect((await send('two')).status).toBe(200);
    expect(await balance(owner.id)).toBe(15_000);
    expect((await send('three')).status).toBe(200);
    expect(await balance(owner.id)).toBe(5_000);
    const refused = await send('four');
    expect(refused.status).toBe(402);
    expect(refused.body.message).toBe(
      'Your wallet balance is too low to pay for this message ($0.01). Add funds to your wallet and try again.',
    );
    expect(await balance(owner.id)).toBe(5_000);
    const conv = await t.request('GET', `/api/v1/conversations/${roomId}`, { token: owner.token, query: { targetAccountId: owner.id } });
    expect(conv.body.messages.map((m: { body: string }) => m.body)).not.toContain('four');
    // The owner hears about it (after the refused transaction).
    await expect
      .poll(async () => JSON.stringify((await t.request('GET', '/api/v1/notifications', { token: owner.token })).body))
      .toContain('Balance too low');
    // With funds the same message goes through; the charge shows in the wallet's transactions.
    await fund(owner.id, 5_000);
    expect((await send('four')).status).toBe(200);
    expect(await balance(owner.id)).toBe(0);
    const tx = (await t.request('GET', '/api/v1/recentTransactions', { token: owner.token })).body.transactions;
    expect(tx[0]).toMatchObject({ kind: 'charge', amount: -10_000 });
  });
});

describe('chargeUsage (what calls and messages call)', () => {
  it('prices volume tiers by the running total, charges a key once, and 100 concurrent charges against a balance covering 60 charge exactly 60', async () => {
    const s = await t.signUp('volume@usage.test', { businessName: 'Volume Co' });
    await subscribe(s.id);
    const db = t.database.db;
    await fund(s.id, 1_000_000);
    // Volume: 3 minutes at $0.05.
    expect(await chargeUsage(db, null, { accountId: s.id, item: 'voice', quantity: 3, key: 'call:a' })).toEqual({ charged: 150_000 });
    expect(await chargeUsage(db, null, { accountId: s.id, item: 'voice', quantity: 3, key: 'call:a' })).toEqual({ charged: 0 });
    // 3 + 9 = 12 minutes: all 12 at $0.03 ($0.36) minus the $0.15 already paid.
    expect(await chargeUsage(db, null, { accountId: s.id, item: 'voice', quantity: 9, key: 'call:b' })).toEqual({ charged: 210_000 });
    expect(await balance(s.id)).toBe(640_000);
    expect(await canPayFor(db, s.id, 'voice', 1)).toMatchObject({ ok: true, price: 30_000 });

    const m = await t.signUp('race@usage.test', { businessName: 'Race Co' });
    await subscribe(m.id);
    await fund(m.id, 600_000);
    // Messages 1-2 are included; every further one is $0.01: 60 paid ones fit, plus the 2 free.
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, (_, i) =>
        chargeUsage(db, null, { accountId: m.id, item: 'outbound-message', quantity: 1, key: `race:${i}` }),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    expect(ok).toHaveLength(62);
    expect(
      results.filter((r) => r.status === 'rejected').every((r) => (r as PromiseRejectedResult).reason.code === 'payment_required'),
    ).toBe(true);
    expect(await balance(m.id)).toBe(0);
    const row = await db.selectFrom('usage_charges').selectAll().where('account_id', '=', m.id).executeTakeFirstOrThrow();
    expect(Number(row.quantity)).toBe(62);
    expect(Number(row.amount)).toBe(600_000);
    expect(await canPayFor(db, m.id, 'outbound-message')).toMatchObject({ ok: false, price: 10_000 });
  }, 60_000);

  it("a caller's account row is used only for its own account: another's does not change who pays", async () => {
    const s = await t.signUp('row@usage.test', { businessName: 'Row Co' });
    await subscribe(s.id);
    await fund(s.id, 100_000);
    const free = await t.signUp('other@usage.test', { businessName: 'Other Co' });
    const otherRow = { id: free.id, account_type: 'organization' as const, organization_id: free.id, parent_id: null };
    const charge = (i: number) =>
      chargeUsage(t.database.db, null, { accountId: s.id, item: 'outbound-message', quantity: 1, key: `row:${i}`, account: otherRow });
    // Two included, then $0.01: the plan and wallet read are Row Co's, not the row handed in.
    for (const i of [1, 2]) expect(await charge(i)).toEqual({ charged: 0 });
    expect(await charge(3)).toEqual({ charged: 10_000 });
    expect(await balance(s.id)).toBe(90_000);
  });

  it('an organization without a plan pricing the item is not charged', async () => {
    const s = await t.signUp('free@usage.test', { businessName: 'Free Co' });
    expect(await chargeUsage(t.database.db, null, { accountId: s.id, item: 'outbound-message', quantity: 5, key: 'free:1' })).toEqual({
      charged: 0,
    });
    expect(await balance(s.id)).toBe(0);
  });
});
