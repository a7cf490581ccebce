/**
 * Bench of the ledger: transfers per second with 20 concurrent clients through `ledger.transfer` (an
 * idempotency row, both balances in id order, the conditional debit) beside a bare loop doing the same
 * conditional update with the raw driver, on SQLite and on PostgreSQL (BENCH_DATABASE_URL, default the
 * local test server when it answers). Random transfers between 100 wallets of $1; refused ones count
 * as refused. Afterwards: no balance below zero and the sum of all balances zero (checked, printed).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import pg from 'pg';
import { record } from './figures.ts';
import { sql } from 'kysely';
import { openDatabase, type Db } from '../../apps/server/src/db.ts';
import { ledger, PLATFORM_ACCOUNTS, walletCode } from '../../apps/server/src/modules/wallet/index.ts';
import { fmt, profiled } from './util.ts';

const CLIENTS = 20;
const WALLETS = 100;
const SECONDS = Number(process.env.BENCH_LEDGER_SECONDS ?? 3);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';

const pick = () => 1 + Math.floor(Math.random() * WALLETS);
const amount = () => 1 + Math.floor(Math.random() * 100_000);

/** Runs `op` from CLIENTS concurrent loops for SECONDS; counts successes and refusals. */
async function drive(op: (i: number) => Promise<boolean>) {
  let ok = 0;
  let refused = 0;
  let seq = 0;
  const end = Date.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (Date.now() < end) {
        if (await op(seq++)) ok++;
        else refused++;
      }
    }),
  );
  return { rate: (ok + refused) / SECONDS, ok, refused };
}

async function product(db: Db, run: string) {
  for (let w = 1; w <= WALLETS; w++)
    await ledger.transfer(db, {
      key: `${run}:fund:${w}`,
      debit: PLATFORM_ACCOUNTS.card,
      credit: walletCode(w),
      amount: 1_000_000,
      kind: 'card_topup',
    });
  return profiled(`ledger-${run}`, () =>
    drive(async (i) => {
      const a = pick();
      let b = pick();
      if (b === a) b = (a % WALLETS) + 1;
      try {
        await ledger.transfer(db, { key: `${run}:${i}`, debit: walletCode(a), credit: walletCode(b), amount: amount(), kind: 'transfer' });
        return true;
      } catch (e) {
        if ((e as { status?: number }).status === 402) return false;
        throw e;
      }
    }),
  );
}

/** The same conditional update with nothing around it: one transaction, debit (if it fits) and credit. */
async function barePg(pool: pg.Pool) {
  await pool.query('create temp table if not exists x(id int)'); // warm a connection
  await pool.query('drop table if exists bare_balances');
  await pool.query('create table bare_balances (id int primary key, balance bigint not null)');
  await pool.query(`insert into bare_balances select g, 1000000 from generate_series(1, ${WALLETS}) g`);
  const r = await drive(async () => {
    const a = pick();
    let b = pick();
    if (b === a) b = (a % WALLETS) + 1;
    const x = amount();
    const c = await pool.connect();
    try {
      await c.query('begin');
      const [first, second] =
        a < b
          ? [
              [a, -x],
              [b, x],
            ]
          : [
              [b, x],
              [a, -x],
            ];
      for (const [id, d] of [first!, second!]) {
        const u = await c.query('update bare_balances set balance = balance + $1 where id = $2 and balance + $1 >= 0', [d, id]);
        if (u.rowCount === 0) {
          await c.query('rollback');
          return false;
        }
      }
      await c.query('commit');
      return true;
    } finally {
      c.release();
    }
  });
  await pool.query('drop table bare_balances');
  return r;
}

async function bareSqlite(file: string) {
  const { default: SQLite } = await import('better-sqlite3');
  const s = new SQLite(file);
  s.pragma('journal_mode = WAL');
  s.pragma('synchronous = NORMAL');
  s.exec(`create table bare_balances (id integer primary key, balance integer not null)`);
  const ins = s.prepare('insert into bare_balances values (?, 1000000)');
  for (let w = 1; w <= WALLETS; w++) ins.run(w);
  const upd = s.prepare('update bare_balances set balance = balance + ? where id = ? and balance + ? >= 0');
  const tx = s.transaction((a: number, b: number, x: number) => {
    if (upd.run(-x, a, -x).changes === 0) return false;
    upd.run(x, b, x);
    return true;
  });
  const r = await drive(async () => {
    const a = pick();
    let b = pick();
    if (b === a) b = (a % WALLETS) + 1;
    return tx(a, b, amount());
  });
  s.close();
  return r;
}

async function verdict(db: Db) {
  const check = await ledger.check(db);
  const below = await db
    .selectFrom('ledger_accounts')
    .select(sql<number>`count(*)`.as('n'))
    .where('min_balance', 'is not', null)
    .where(sql`balance < min_balance`)
    .executeTakeFirstOrThrow();
  return `overdrafts ${Number(below.n)}, sum ${check.total}, mismatched ${check.mismatched.length}`;
}

/** Records a database's figures (its own, so `--json` and `--compare` see them); the ratio's verdict. */
function recordRun(database: string, product: number, bare: number, verdictText: string, minRatio: number): string {
  const overdrafts = Number(/overdrafts (\d+)/.exec(verdictText)?.[1] ?? NaN);
  record({ section: 'ledger', name: `${database} transfers/s`, value: Math.round(product), unit: 'tr/s', better: 'higher' });
  const overdraftVerdict = record({
    section: 'ledger',
    name: `${database} overdrafts`,
    value: overdrafts,
    unit: '',
    better: 'lower',
    budget: { max: 0 },
  });
  const ratioVerdict = record({
    section: 'ledger',
    name: `${database} ratio`,
    value: Number((product / bare).toFixed(2)),
    unit: '',
    better: 'higher',
    budget: { min: minRatio },
  });
  return `ratio ${ratioVerdict}; overdrafts ${overdraftVerdict}`;
}

export async function benchLedger(): Promise<string[]> {
  const lines = [
    `${CLIENTS} clients, ${SECONDS} s, random transfers between ${WALLETS} wallets of $1`,
    'database     product tr/s   (ok / refused)     bare tr/s   ratio   invariants',
  ];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-bench-ledger-'));
  try {
    const h = await openDatabase({ sqliteFile: path.join(dir, 'ledger.db') });
    const p = await product(h.db, 'sqlite');
    const v = await verdict(h.db);
    await h.close();
    const b = await bareSqlite(path.join(dir, 'bare.db'));
    lines.push(
      `sqlite    ${fmt(p.rate)}   (${p.ok} / ${p.refused})   ${fmt(b.rate)}   ${(p.rate / b.rate).toFixed(2)}   ${v}   ${recordRun('sqlite', p.rate, b.rate, v, 0.25)}`,
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const probe = new pg.Client({ connectionString: PG_URL });
  try {
    await probe.connect();
    await probe.end();
  } catch {
    lines.push(`postgres  (skipped: no server at ${PG_URL})`);
    return lines;
  }
  const schema = `bench_${crypto.randomBytes(4).toString('hex')}`;
  const h = await openDatabase({ url: PG_URL, pgSchema: schema, pgPoolSize: CLIENTS });
  const pool = new pg.Pool({ connectionString: PG_URL, max: CLIENTS, options: `-c search_path=${schema}` });
  try {
    const p = await product(h.db, 'pg');
    const v = await verdict(h.db);
    const b = await barePg(pool);
    lines.push(
      `postgres  ${fmt(p.rate)}   (${p.ok} / ${p.refused})   ${fmt(b.rate)}   ${(p.rate / b.rate).toFixed(2)}   ${v}   ${recordRun('postgres', p.rate, b.rate, v, 0.5)}`,
    );
  } finally {
    await pool.query(`drop schema if exists "${schema}" cascade`);
    await pool.end();
    await h.close();
  }
  return lines;
}
