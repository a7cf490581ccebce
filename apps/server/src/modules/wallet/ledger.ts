import type { Db, DbOrTx, Tx } from '../../db.ts';
import { formatUsdMicros } from '@switchboard/core';
import { AppError, badRequest, conflict, paymentRequired } from '../../platform/http/errors.ts';
import { ledgerTransfers } from '../../platform/ops/metrics.ts';
import { ledgerRepository as repo, type LedgerAccountRow, type TransferRow } from './repository/ledger.ts';

/**
 * The double-entry ledger: the only way money moves (TigerBeetle's and pgledger's ideas).
 * - Every move is one transfer from a debit account to a credit account, in whole micro-USD, with an
 *   idempotency key: the same key again returns the first transfer (a different amount or accounts
 *   under a used key is a conflict), however the repeats interleave (the key is a unique column; a
 *   repeat waits on the first's insert and then reads it).
 * - A balance never goes below its account's limit: the debit is a conditional update inside the
 *   transfer's transaction (`... where balance - x >= min_balance`); when it matches no row the whole
 *   transfer rolls back and is refused (402). Both balances are updated in account-id order, so two
 *   opposite transfers cannot deadlock on PostgreSQL. Outside a caller's transaction these steps run as
 *   one (`repo.transferAtOnce`: one round trip on PostgreSQL; on SQLite a savepoint in a transaction shared
 *   with the other transfers of the same turn of the event loop, answered after its commit).
 * - Every account starts at 0 and each transfer adds to one what it takes from another, so the sum of
 *   all balances is always 0, and each balance equals its credits minus its debits: `checkLedger`.
 */
export type { LedgerAccountRow, TransferRow };

/** The platform's own accounts: money enters through clearing accounts and leaves through payouts. */
export const PLATFORM_ACCOUNTS = {
  card: 'platform:card_clearing',
  lightning: 'platform:lightning_node',
  revenue: 'platform:revenue',
  refunds: 'platform:refunds',
  /** Withdrawals on their way out (held until the processor reports them paid, failed or returned). */
  pendingPayouts: 'platform:pending_payouts',
  /** Withdrawals paid out. */
  payouts: 'platform:payouts_sent',
  /** Rewards granted (referrals). */
  rewards: 'platform:rewards',
  /** Money taken back from wallets for open card disputes (until they are won or lost). */
  disputes: 'platform:disputes',
} as const;

/** Platform accounts that hold customers' money and so never go below 0. */
const NON_NEGATIVE_PLATFORM = new Set<string>([PLATFORM_ACCOUNTS.pendingPayouts, PLATFORM_ACCOUNTS.disputes]);

/** An account's withdrawable money: what it paid in (card, Lightning), refunds, pay-link payments. */
export const walletCode = (accountId: number) => `wallet:${accountId}`;
/**
 * An account's promotional credit (referral rewards): part of its balance and spent first on usage and
 * plans, but never paid out. A payout debits only `wallet:<id>`, and the ledger keeps every balance at or
 * above its limit (0 for both), so no concurrency can withdraw promotional money.
 */
export const promoCode = (accountId: number) => `promo:${accountId}`;
/** What an account owes the platform (a dispute its wallet could not cover): a balance below 0 is the debt. */
export const owedCode = (accountId: number) => `owed:${accountId}`;

const walletOwner = (code: string): number | null => {
  const m = /^wallet:(\d+)$/.exec(code);
  return m ? Number(m[1]) : null;
};

/** What an account still owes the platform (its `owed:<id>` balance below 0), in micro-USD. */
export async function debtOf(db: DbOrTx, accountId: number): Promise<number> {
  return Math.max(0, -(await ledger.balance(db, owedCode(accountId))));
}

/**
 * Money arriving in a wallet pays the account's debt first (a card dispute its wallet could not
 * cover): inside the arriving transfer's transaction, once per arriving transfer (`debt:<transfer id>`,
 * and only for a transfer newly made, so a repeated webhook collects nothing), at most what is owed and
 * at most what arrived. Every writer of `owed:<id>` (a dispute opening or won, a collection) holds the
 * wallet's row lock first, and this transaction holds it since its credit, so the debt read here
 * cannot change before the collection is made.
 */
async function collectDebt(trx: Tx, accountId: number, arrived: TransferRow): Promise<void> {
  const owed = owedCode(accountId);
  // Most credits find no debt: one indexed read, no lock.
  if ((await debtOf(trx, accountId)) === 0) return;
  const debt = Math.max(0, -(await ledger.lockedBalance(trx, owed)));
  const take = Math.min(debt, Number(arrived.amount));
  if (take <= 0) return;
  const still = debt - take;
  await ledger.transfer(trx, {
    key: `debt:${arrived.id}`,
    debit: walletCode(accountId),
    credit: owed,
    amount: take,
    kind: 'dispute_collected',
    memo:
      still > 0
        ? `Card dispute: owed amount paid from funds added ($${formatUsdMicros(still)} still owed)`
        : 'Card dispute: owed amount paid from funds added (paid in full)',
  });
}

export interface TransferInput {
  /** The idempotency key (scoped by the caller: `checkout:<id>`, `ln:<hash>`, `client:<account>:<key>`). */
  key: string;
  debit: string;
  credit: string;
  /** Micro-USD, a whole number above 0. */
  amount: number;
  kind: string;
  memo?: string | null;
}

export interface TransferResult {
  transfer: TransferRow;
  repeated: boolean;
}

export const INSUFFICIENT_FUNDS = 'Your balance is too low for this payment. Add funds to your wallet and try again.';

function specOf(code: string): { kind: string; ownerId: number | null; minBalance: number | null } {
  const wallet = /^wallet:(\d+)$/.exec(code);
  if (wallet) return { kind: 'wallet', ownerId: Number(wallet[1]), minBalance: 0 };
  const promo = /^promo:(\d+)$/.exec(code);
  if (promo) return { kind: 'promo', ownerId: Number(promo[1]), minBalance: 0 };
  const owed = /^owed:(\d+)$/.exec(code);
  if (owed) return { kind: 'owed', ownerId: Number(owed[1]), minBalance: null };
  if (code.startsWith('platform:'))
    return { kind: code.slice('platform:'.length), ownerId: null, minBalance: NON_NEGATIVE_PLATFORM.has(code) ? 0 : null };
  throw new Error(`unknown ledger account ${code}`);
}

/**
 * Account ids by code, per database (keyed by its dialect adapter, which a database shares with its
 * transactions): an account is never deleted or renumbered, so a transfer need not look its two up.
 */
const idCache = new WeakMap<object, Map<string, number>>();
function idsOf(db: DbOrTx): Map<string, number> {
  const key = db.getExecutor().adapter;
  let m = idCache.get(key);
  if (!m) idCache.set(key, (m = new Map()));
  return m;
}

async function accountId(db: DbOrTx, code: string): Promise<number> {
  const ids = idsOf(db);
  const known = ids.get(code);
  if (known !== undefined) return known;
  const id = (await ledger.account(db, code)).id;
  // Inside a transaction the row may be this transaction's own insert, gone if it rolls back.
  if (!db.isTransaction) ids.set(code, id);
  return id;
}

export const ledger = {
  /** The account with this code, created (balance 0) when it does not exist yet. */
  async account(db: DbOrTx, code: string): Promise<LedgerAccountRow> {
    const found = await repo.accountByCode(db, code);
    if (found) return found;
    const spec = specOf(code);
    await repo.insertAccount(db, { code, kind: spec.kind, owner_id: spec.ownerId, min_balance: spec.minBalance, created_at: Date.now() });
    const made = await repo.accountByCode(db, code);
    if (!made) throw new Error(`ledger account ${code} was not created`);
    return made;
  },

  async balance(db: DbOrTx, code: string): Promise<number> {
    return (await repo.balance(db, code)) ?? 0;
  },

  /**
   * An account's balance read under a row lock held to the end of the transaction (a no-op update, so
   * it works alike on SQLite and PostgreSQL): no concurrent transfer changes it before this one decides.
   */
  async lockedBalance(trx: Tx, code: string): Promise<number> {
    await ledger.account(trx, code);
    await repo.lockAccount(trx, code);
    return ledger.balance(trx, code);
  },

  /** Moves `amount` from debit to credit once per key; refused (402) when the debit would go below its limit. */
  async transfer(db: Db | Tx, t: TransferInput): Promise<TransferResult> {
    if (!Number.isSafeInteger(t.amount) || t.amount <= 0)
      throw badRequest('amount: must be a whole number of micro-USD above 0.', 'amount');
    if (t.debit === t.credit) throw badRequest('A transfer needs two different accounts.');
    // Accounts are created outside the transfer's transaction, so a refused transfer still leaves them.
    const ids = idsOf(db);
    const debit = { id: ids.get(t.debit) ?? (await accountId(db, t.debit)) };
    const credit = { id: ids.get(t.credit) ?? (await accountId(db, t.credit)) };
    const row = {
      idempotency_key: t.key,
      debit_account_id: debit.id,
      credit_account_id: credit.id,
      amount: t.amount,
      kind: t.kind,
      memo: t.memo ?? null,
      created_at: Date.now(),
    };
    const repeatOf = (first: TransferRow): TransferResult => {
      if (first.debit_account_id !== debit.id || first.credit_account_id !== credit.id || Number(first.amount) !== t.amount) {
        throw conflict('This idempotency key was already used for a different transfer.', 'idempotencyKey');
      }
      return { transfer: normalize(first), repeated: true };
    };
    const owner = walletOwner(t.credit);
    // Outside a caller's transaction: the whole transfer in one step (one round trip on PostgreSQL);
    // a credited wallet with a debt to collect takes the full transaction below.
    const step = { row, owedCode: owner !== null ? owedCode(owner) : null };
    const fast = db.isTransaction ? null : await repo.transferAtOnce(db as Db, step);
    if (fast?.outcome === 'refused') {
      ledgerTransfers.inc({ kind: t.kind, outcome: 'refused' });
      throw paymentRequired(INSUFFICIENT_FUNDS, 'amount');
    }
    if (fast && (fast.outcome === 'made' || fast.outcome === 'repeated')) {
      const result = fast.outcome === 'repeated' ? repeatOf(fast.transfer) : { transfer: normalize(fast.transfer), repeated: false };
      ledgerTransfers.inc({ kind: t.kind, outcome: result.repeated ? 'repeated' : 'made' });
      return result;
    }
    const run = async (trx: Tx): Promise<TransferResult> => {
      const inserted = await repo.insertTransfer(trx, row);
      if (!inserted) return repeatOf(await repo.transferByKey(trx, t.key));
      const steps = [
        { id: debit.id, delta: -t.amount },
        { id: credit.id, delta: t.amount },
      ].sort((a, b) => a.id - b.id);
      for (const step of steps) {
        if (!(await repo.applyDelta(trx, step.id, step.delta))) throw paymentRequired(INSUFFICIENT_FUNDS, 'amount');
      }
      if (owner !== null) await collectDebt(trx, owner, normalize(inserted));
      return { transfer: normalize(inserted), repeated: false };
    };
    try {
      const result = await (db.isTransaction ? run(db as Tx) : (db as Db).transaction().execute(run));
      ledgerTransfers.inc({ kind: t.kind, outcome: result.repeated ? 'repeated' : 'made' });
      return result;
    } catch (err) {
      if (err instanceof AppError && err.code === 'payment_required') ledgerTransfers.inc({ kind: t.kind, outcome: 'refused' });
      throw err;
    }
  },

  /**
   * The transfers of one or more accounts (a wallet and its promotional credit), newest first, with the
   * signed amount for them together (a move between two of them nets to 0 and is left out).
   */
  async history(db: DbOrTx, code: string | string[], limit: number) {
    const codes = Array.isArray(code) ? code : [code];
    const accs = await repo.accountIds(db, codes);
    if (accs.length === 0) return [];
    const ids = new Set(accs);
    const rows = await repo.transfersOf(db, [...ids], limit);
    return rows
      .map((r) => {
        const signed = (ids.has(r.credit_account_id) ? Number(r.amount) : 0) - (ids.has(r.debit_account_id) ? Number(r.amount) : 0);
        return { ...normalize(r), signedAmount: signed };
      })
      .filter((r) => r.signedAmount !== 0);
  },

  /**
   * An account's plan payments by card (its paid subscription checkouts, `checkout:<id>`, card →
   * revenue): no wallet moves, but the account paid them, so its transaction list shows them as money out.
   */
  async cardPlanPayments(db: DbOrTx, accountId: number, limit: number) {
    const rows = await repo.paidSubscriptionTransfers(db, accountId, limit);
    return rows.map((r) => {
      const t = normalize(r);
      return { ...t, memo: t.memo ?? 'Plan paid by card', signedAmount: -t.amount };
    });
  },

  /**
   * What an account holds: `withdrawable` (its wallet), `promotional` (its reward credit) and their sum,
   * the balance it sees and spends.
   */
  async funds(db: DbOrTx, accountId: number): Promise<{ balance: number; withdrawable: number; promotional: number }> {
    const rows = await repo.balances(db, [walletCode(accountId), promoCode(accountId)]);
    const of = (c: string) => rows.find((r) => r.code === c)?.balance ?? 0;
    const withdrawable = of(walletCode(accountId));
    const promotional = of(promoCode(accountId));
    return { balance: withdrawable + promotional, withdrawable, promotional };
  },

  /**
   * Spends `amount` of an account's money on something (usage, a plan): promotional credit first, then
   * the wallet, once per key (the promotional part under `<key>:promo`, the rest under `<key>`), in the
   * caller's transaction or its own. Both balances are read under their row locks (promotional first,
   * then the wallet, the same order everywhere), so the split cannot be overtaken; when the two together
   * cannot cover it, nothing moves and it is refused (402). Returns whether it had been spent before.
   */
  async spend(
    db: Db | Tx,
    accountId: number,
    s: { key: string; credit: string; amount: number; kind: string; memo?: string | null },
  ): Promise<{ repeated: boolean }> {
    const run = async (trx: Tx) => {
      const promo = await ledger.lockedBalance(trx, promoCode(accountId));
      const wallet = await ledger.lockedBalance(trx, walletCode(accountId));
      if (await repo.anyTransfer(trx, [s.key, `${s.key}:promo`])) return { repeated: true };
      if (promo + wallet < s.amount) throw paymentRequired(INSUFFICIENT_FUNDS, 'amount');
      const fromPromo = Math.min(Math.max(promo, 0), s.amount);
      if (fromPromo > 0) await ledger.transfer(trx, { ...s, key: `${s.key}:promo`, debit: promoCode(accountId), amount: fromPromo });
      if (s.amount - fromPromo > 0) await ledger.transfer(trx, { ...s, debit: walletCode(accountId), amount: s.amount - fromPromo });
      return { repeated: false };
    };
    return db.isTransaction ? run(db as Tx) : (db as Db).transaction().execute(run);
  },

  /** When each of these keys' transfers was made (keys with no transfer are left out). */
  async madeAt(db: DbOrTx, keys: string[]): Promise<Map<string, number>> {
    return new Map((await repo.transfersWithKeys(db, keys)).map((t) => [t.idempotency_key, t.created_at]));
  },

  /** Whether a transfer was made under any of these idempotency keys (a payment already taken). */
  async made(db: DbOrTx, keys: string[]): Promise<boolean> {
    return repo.anyTransfer(db, keys);
  },

  /**
   * The reconciliation check: the sum of all balances is 0, and every balance equals its credits minus
   * its debits. Returns the total and the accounts that disagree (none on a healthy ledger).
   */
  async check(db: DbOrTx): Promise<{ total: number; accounts: number; mismatched: { code: string; balance: number; expected: number }[] }> {
    const { accounts, credits, debits } = await repo.totals(db);
    const net = new Map<number, number>();
    for (const c of credits) net.set(c.id, (net.get(c.id) ?? 0) + Number(c.total));
    for (const d of debits) net.set(d.id, (net.get(d.id) ?? 0) - Number(d.total));
    const mismatched = accounts
      .map((a) => ({ code: a.code, balance: Number(a.balance), expected: net.get(a.id) ?? 0 }))
      .filter((a) => a.balance !== a.expected);
    return { total: accounts.reduce((s, a) => s + Number(a.balance), 0), accounts: accounts.length, mismatched };
  },
};

function normalize(r: TransferRow): TransferRow {
  return { ...r, amount: Number(r.amount), created_at: Number(r.created_at) };
}
