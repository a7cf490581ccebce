import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { INSUFFICIENT_FUNDS, ledger, PLATFORM_ACCOUNTS, walletCode } from './index.ts';
import { owedCode, type TransferResult } from './ledger.ts';

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

/** A debt of the account to the platform (what a card dispute its wallet could not cover leaves). */
async function owe(accountId: number, amount: number) {
  await ledger.transfer(db, {
    key: `debt-made:${accountId}`,
    debit: owedCode(accountId),
    credit: PLATFORM_ACCOUNTS.disputes,
    amount,
    kind: 'x',
  });
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
    await owe(id, 2_000_000);
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

/**
 * On SQLite the transfers made in one turn of the event loop share one transaction, each in a savepoint
 * of its own; on PostgreSQL they run side by side. Every transfer below is started in the same turn.
 */
describe('transfers started together (one SQLite transaction)', () => {
  const onSqlite = !process.env.TEST_DATABASE_URL;
  const keysMade = async (keys: string[]) =>
    (await db.selectFrom('ledger_transfers').select('idempotency_key').where('idempotency_key', 'in', keys).execute())
      .map((r) => r.idempotency_key)
      .sort();

  it('answers each alone: made, refused, a repeated key, a wallet with a debt; a refused one leaves nothing', async () => {
    const a = fresh();
    const b = fresh();
    // Refused for want of funds whatever order the transfers commit in (on PostgreSQL `a → b` may commit
    // before a transfer out of `b` started ahead of it), so it spends from a wallet nothing credits.
    const empty = fresh();
    const owner = 6000 + ++n;
    await fund(a, 1_000_000);
    await owe(owner, 2_000_000);
    const revenue = await ledger.balance(db, PLATFORM_ACCOUNTS.revenue);
    const move = (key: string, debit: string, credit: string, amount: number) =>
      ledger.transfer(db, { key, debit, credit, amount, kind: 'x' });
    const results = await Promise.allSettled([
      move(`g1:${a}`, a, PLATFORM_ACCOUNTS.revenue, 400_000),
      move(`g2:${a}`, a, PLATFORM_ACCOUNTS.revenue, 1_000_001),
      move(`g1:${a}`, a, PLATFORM_ACCOUNTS.revenue, 400_000),
      move(`g3:${empty}`, empty, PLATFORM_ACCOUNTS.revenue, 1),
      move(`g4:${owner}`, PLATFORM_ACCOUNTS.card, walletCode(owner), 5_000_000),
      move(`g5:${a}`, a, b, 100_000),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    for (const r of [results[1], results[3]]) expect((r as PromiseRejectedResult).reason).toMatchObject({ status: 402 });
    const [first, repeat] = [results[0], results[2]].map((r) => (r as PromiseFulfilledResult<TransferResult>).value);
    expect(first!.transfer).toEqual(repeat!.transfer);
    expect([first!.repeated, repeat!.repeated].sort()).toEqual([false, true]);
    expect(await keysMade([`g1:${a}`, `g2:${a}`, `g3:${empty}`, `g4:${owner}`, `g5:${a}`])).toEqual(
      [`g1:${a}`, `g4:${owner}`, `g5:${a}`].sort(),
    );
    expect(await ledger.balance(db, a)).toBe(500_000);
    expect(await ledger.balance(db, b)).toBe(100_000);
    expect(await ledger.balance(db, empty)).toBe(0);
    expect(await ledger.balance(db, PLATFORM_ACCOUNTS.revenue)).toBe(revenue + 400_000);
    // The wallet that owed took the full transaction: its debt was collected from what arrived.
    expect(await ledger.balance(db, owedCode(owner))).toBe(0);
    expect(await ledger.balance(db, walletCode(owner))).toBe(3_000_000);
  });

  it('a transfer that fails half-way leaves nothing written, and the others started with it are made', async () => {
    const a = fresh();
    await fund(a, 1_000_000);
    // Crediting this wallet fails after the transfer row and the debit of `a` (the lower id) were written.
    const poisoned = await ledger.account(db, fresh());
    const other = fresh();
    if (onSqlite) {
      await sql
        .raw(
          `create trigger poison before update of balance on ledger_accounts when new.id = ${poisoned.id} and new.balance > old.balance
           begin select raise(abort, 'poisoned credit'); end`,
        )
        .execute(db);
    } else {
      await sql
        .raw(`create function poison() returns trigger language plpgsql as $$ begin raise exception 'poisoned credit'; end $$`)
        .execute(db);
      await sql
        .raw(
          `create trigger poison before update on ledger_accounts for each row
           when (new.id = ${poisoned.id} and new.balance > old.balance) execute function poison()`,
        )
        .execute(db);
    }
    const move = (key: string, credit: string) => ledger.transfer(db, { key, debit: a, credit, amount: 100_000, kind: 'x' });
    let results: PromiseSettledResult<TransferResult>[];
    try {
      results = await Promise.allSettled([move(`p1:${a}`, other), move(`p2:${a}`, poisoned.code), move(`p3:${a}`, other)]);
    } finally {
      await sql.raw(onSqlite ? 'drop trigger poison' : 'drop trigger poison on ledger_accounts').execute(db);
      if (!onSqlite) await sql.raw('drop function poison()').execute(db);
    }
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(String((results[1] as PromiseRejectedResult).reason)).toMatch(/poisoned credit/);
    expect(await keysMade([`p1:${a}`, `p2:${a}`, `p3:${a}`])).toEqual([`p1:${a}`, `p3:${a}`]);
    expect(await ledger.balance(db, a)).toBe(800_000);
    expect(await ledger.balance(db, other)).toBe(200_000);
    expect(await ledger.balance(db, poisoned.code)).toBe(0);
  });

  it.skipIf(!onSqlite)('a batch whose commit fails writes nothing and answers every caller with the error', async () => {
    const a = fresh();
    await fund(a, 1_000);
    // A deferred foreign key that the doomed transfer's row breaks: SQLite refuses the commit, not the statement.
    await sql
      .raw('create table doomed_refs (key text references ledger_transfers (idempotency_key) deferrable initially deferred)')
      .execute(db);
    await sql
      .raw(
        `create trigger doomed after insert on ledger_transfers when new.idempotency_key like 'doomed:%'
         begin insert into doomed_refs values ('no such transfer'); end`,
      )
      .execute(db);
    const move = (key: string) => ledger.transfer(db, { key, debit: PLATFORM_ACCOUNTS.card, credit: a, amount: 10, kind: 'x' });
    let results: PromiseSettledResult<TransferResult>[];
    try {
      results = await Promise.allSettled([move(`c1:${a}`), move(`doomed:${a}`), move(`c3:${a}`)]);
    } finally {
      await sql.raw('drop trigger doomed').execute(db);
      await sql.raw('drop table doomed_refs').execute(db);
    }
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    for (const r of results) expect(String((r as PromiseRejectedResult).reason)).toMatch(/FOREIGN KEY/);
    expect(await keysMade([`c1:${a}`, `doomed:${a}`, `c3:${a}`])).toEqual([]);
    expect(await ledger.balance(db, a)).toBe(1_000);
    // Nothing was kept, so the same keys make their transfers when asked again.
    await Promise.all([move(`c1:${a}`), move(`c3:${a}`)]);
    expect(await ledger.balance(db, a)).toBe(1_020);
  });

  it("a transfer started while a caller's transaction holds the connection waits for it, and is not undone with it", async () => {
    const a = fresh();
    await fund(a, 1_000);
    let outside: Promise<TransferResult> | undefined;
    await expect(
      db.transaction().execute(async (trx) => {
        await ledger.transfer(trx, { key: `in:${a}`, debit: PLATFORM_ACCOUNTS.card, credit: a, amount: 5, kind: 'x' });
        outside = ledger.transfer(db, { key: `out:${a}`, debit: PLATFORM_ACCOUNTS.card, credit: a, amount: 7, kind: 'x' });
        // A turn of the event loop: the outside transfer's batch comes due while the transaction is open.
        await new Promise((resolve) => setImmediate(resolve));
        throw new Error('undo the caller');
      }),
    ).rejects.toThrow('undo the caller');
    expect((await outside!).repeated).toBe(false);
    expect(await ledger.balance(db, a)).toBe(1_007);
    expect(await keysMade([`in:${a}`, `out:${a}`])).toEqual([`out:${a}`]);
  });
});
