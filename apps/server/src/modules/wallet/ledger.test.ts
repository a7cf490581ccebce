import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { INSUFFICIENT_FUNDS, ledger, PLATFORM_ACCOUNTS, walletCode } from './index.ts';
import { owedCode } from './ledger.ts';

/**
 * The ledger on whichever database the run uses (SQLite, or PostgreSQL with TEST_DATABASE_URL: a pool of
 * five connections, so the transfers below really run side by side).
 */
let t: TestApp;
let db: Db;
let n = 0;
const fresh = () => walletCode(1000 + ++n);

beforeAll(async () => {
  t = await createTestApp({ JOBS_AUTOSTART: 'false' });
  db = t.database.db;
}, 60_000);
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  // After every test: the sum of all balances is 0 and every balance is its credits minus its debits.
  const check = await ledger.check(db);
  expect(check.total).toBe(0);
  expect(check.mismatched).toEqual([]);
});

let funded = 0;
async function fund(code: string, amount: number) {
  await ledger.transfer(db, { key: `fund:${code}:${++funded}`, debit: PLATFORM_ACCOUNTS.card, credit: code, amount, kind: 'card_topup' });
}

describe('ledger transfers', () => {
  it('moves money between two accounts and keeps the sum at zero', async () => {
    const a = fresh();
    await fund(a, 5_000_000);
    expect(await ledger.balance(db, a)).toBe(5_000_000);
    expect(await ledger.balance(db, PLATFORM_ACCOUNTS.card)).toBeLessThanOrEqual(-5_000_000);
  });

  it('refuses a debit that would take a wallet below zero, and changes nothing', async () => {
    const a = fresh();
    await fund(a, 1_000_000);
    await expect(
      ledger.transfer(db, { key: `over:${a}`, debit: a, credit: PLATFORM_ACCOUNTS.revenue, amount: 1_000_001, kind: 'charge' }),
    ).rejects.toMatchObject({
      status: 402,
      message: INSUFFICIENT_FUNDS,
    });
    expect(await ledger.balance(db, a)).toBe(1_000_000);
    // The refused transfer left no row: the same key can be used once the balance allows it.
    await fund(a, 1);
    const ok = await ledger.transfer(db, {
      key: `over:${a}`,
      debit: a,
      credit: PLATFORM_ACCOUNTS.revenue,
      amount: 1_000_001,
      kind: 'charge',
    });
    expect(ok.repeated).toBe(false);
    expect(await ledger.balance(db, a)).toBe(0);
  });

  it('answers a repeated key with the first transfer, and refuses the key for a different transfer', async () => {
    const a = fresh();
    const first = await ledger.transfer(db, { key: `k:${a}`, debit: PLATFORM_ACCOUNTS.card, credit: a, amount: 700, kind: 'card_topup' });
    const again = await ledger.transfer(db, { key: `k:${a}`, debit: PLATFORM_ACCOUNTS.card, credit: a, amount: 700, kind: 'card_topup' });
    expect(again).toEqual({ transfer: first.transfer, repeated: true });
    await expect(
      ledger.transfer(db, { key: `k:${a}`, debit: PLATFORM_ACCOUNTS.card, credit: a, amount: 800, kind: 'card_topup' }),
    ).rejects.toMatchObject({ status: 409 });
    expect(await ledger.balance(db, a)).toBe(700);
  });

  it("a key used in one step outside a transaction repeats inside a caller's transaction, and the other way round", async () => {
    const a = fresh();
    const outside = await ledger.transfer(db, {
      key: `mix1:${a}`,
      debit: PLATFORM_ACCOUNTS.card,
      credit: a,
      amount: 500,
      kind: 'card_topup',
    });
    const inside = await db
      .transaction()
      .execute((trx) =>
        ledger.transfer(trx, { key: `mix1:${a}`, debit: PLATFORM_ACCOUNTS.card, credit: a, amount: 500, kind: 'card_topup' }),
      );
    expect(inside).toEqual({ transfer: outside.transfer, repeated: true });
    const first = await db
      .transaction()
      .execute((trx) =>
        ledger.transfer(trx, { key: `mix2:${a}`, debit: PLATFORM_ACCOUNTS.card, credit: a, amount: 300, kind: 'card_topup' }),
      );
    const again = await ledger.transfer(db, {
      key: `mix2:${a}`,
      debit: PLATFORM_ACCOUNTS.card,
      credit: a,
      amount: 300,
      kind: 'card_topup',
    });
    expect(again).toEqual({ transfer: first.transfer, repeated: true });
    expect(await ledger.balance(db, a)).toBe(800);
  });

  it('money arriving in a wallet that owes the platform pays the debt first, in the same transfer', async () => {
    const id = 5000 + ++n;
    // A debt of $2 (what a dispute the wallet could not cover leaves), then $5 arrives outside any transaction.
    await ledger.transfer(db, {
      key: `debt-made:${id}`,
      debit: owedCode(id),
      credit: PLATFORM_ACCOUNTS.disputes,
      amount: 2_000_000,
      kind: 'x',
    });
    const arrived = await ledger.transfer(db, {
      key: `debt-top:${id}`,
      debit: PLATFORM_ACCOUNTS.card,
      credit: walletCode(id),
      amount: 5_000_000,
      kind: 'card_topup',
    });
    expect(arrived.repeated).toBe(false);
    expect(await ledger.balance(db, owedCode(id))).toBe(0);
    expect(await ledger.balance(db, walletCode(id))).toBe(3_000_000);
    const collected = await db
      .selectFrom('ledger_transfers')
      .select('amount')
      .where('idempotency_key', '=', `debt:${arrived.transfer.id}`)
      .execute();
    expect(collected.map((r) => Number(r.amount))).toEqual([2_000_000]);
  });

  it('refuses amounts that are not whole micro-USD above zero', async () => {
    const a = fresh();
    for (const amount of [0, -5, 1.5, Number.NaN]) {
      await expect(
        ledger.transfer(db, { key: `bad:${amount}`, debit: PLATFORM_ACCOUNTS.card, credit: a, amount, kind: 'x' }),
      ).rejects.toMatchObject({ status: 400 });
    }
  });
});

describe('ledger under concurrency', () => {
  it('20 concurrent debits that together exceed the balance never overdraw it', async () => {
    const a = fresh();
    await fund(a, 10_000_000);
    // 20 debits of $0.70 = $14 against $10: at most 14 fit.
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        ledger.transfer(db, { key: `race:${a}:${i}`, debit: a, credit: PLATFORM_ACCOUNTS.revenue, amount: 700_000, kind: 'charge' }),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    for (const r of refused) expect(r.reason).toMatchObject({ status: 402 });
    expect(ok).toHaveLength(14);
    const balance = await ledger.balance(db, a);
    expect(balance).toBe(10_000_000 - ok.length * 700_000);
    expect(balance).toBeGreaterThanOrEqual(0);
  });

  it('100 concurrent debits against a balance that covers 60 of them: exactly 60 succeed', async () => {
    const a = fresh();
    await fund(a, 60 * 250_000);
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, (_, i) =>
        ledger.transfer(db, { key: `race100:${a}:${i}`, debit: a, credit: PLATFORM_ACCOUNTS.revenue, amount: 250_000, kind: 'charge' }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(60);
    expect(await ledger.balance(db, a)).toBe(0);
  });

  it('the same idempotency key 20 times at once makes one transfer', async () => {
    const a = fresh();
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        ledger.transfer(db, { key: `same:${a}`, debit: PLATFORM_ACCOUNTS.card, credit: a, amount: 1_234_567, kind: 'card_topup' }),
      ),
    );
    expect(new Set(results.map((r) => r.transfer.id)).size).toBe(1);
    expect(results.filter((r) => !r.repeated)).toHaveLength(1);
    expect(await ledger.balance(db, a)).toBe(1_234_567);
    const rows = await db.selectFrom('ledger_transfers').select('id').where('idempotency_key', '=', `same:${a}`).execute();
    expect(rows).toHaveLength(1);
  });

  it('opposite transfers between two wallets at once neither deadlock nor lose money', async () => {
    const a = fresh();
    const b = fresh();
    await fund(a, 1_000_000);
    await fund(b, 1_000_000);
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        ledger.transfer(db, { key: `swap:${a}:${i}`, debit: i % 2 ? a : b, credit: i % 2 ? b : a, amount: 10_000, kind: 'transfer' }),
      ),
    );
    expect((await ledger.balance(db, a)) + (await ledger.balance(db, b))).toBe(2_000_000);
  });
});
