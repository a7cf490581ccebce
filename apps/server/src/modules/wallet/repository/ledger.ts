import { CompiledQuery, sql, type Insertable, type Selectable } from 'kysely';
import type SQLite from 'better-sqlite3';
import type { Db, DbOrTx, Tx } from '../../../db.ts';
import { onSqliteConnection, sqliteHandleOf } from '../../../platform/db/index.ts';
import { batchPerTurn } from '../../../platform/turnBatch.ts';
import { dialectOf } from '../../../platform/db/columns.ts';
import type { LedgerAccountsTable, LedgerTransfersTable } from '../tables.ts';

export type LedgerAccountRow = Selectable<LedgerAccountsTable>;
export type TransferRow = Selectable<LedgerTransfersTable>;

/**
 * The ledger's queries (ledger.ts holds its rules): one statement per function, so a transfer makes
 * the same round trips it always did. The conditional debit (`applyDelta`) and the no-op row lock
 * (`lockAccount`) are what keep a balance at or above its limit under concurrency.
 */
/** What the one-step transfer did; `debt`: the credited wallet owes the platform (nothing was done). */
export type TransferAtOnce = { outcome: 'made' | 'repeated'; transfer: TransferRow } | { outcome: 'refused' | 'debt' };

interface TransferStep {
  row: Insertable<LedgerTransfersTable> & { debit_account_id: number; credit_account_id: number; amount: number };
  /** The credited wallet's `owed:<id>` account when the credit is a wallet (a debt makes the outcome `debt`). */
  owedCode: string | null;
}

const PG_TRANSFER = `select o_outcome as outcome, o_id as id, o_key as idempotency_key, o_debit as debit_account_id,
  o_credit as credit_account_id, o_amount as amount, o_kind as kind, o_memo as memo, o_at as created_at
  from ledger_transfer($1, $2, $3, $4, $5, $6, $7, $8)`;

const REFUSED = Symbol('refused');
const DEBT = Symbol('debt');

/** SQLite: the transfer's steps as one synchronous transaction of prepared statements (a savepoint inside another). */
function sqliteTransfer(h: SQLite.Database): (s: TransferStep) => TransferAtOnce {
  // No `returning`: the row is what was inserted and its id (SQLite's RETURNING buffers the row first).
  const insert = h.prepare(
    `insert into ledger_transfers (idempotency_key, debit_account_id, credit_account_id, amount, kind, memo, created_at)
     values (?, ?, ?, ?, ?, ?, ?) on conflict (idempotency_key) do nothing`,
  );
  const byKey = h.prepare('select * from ledger_transfers where idempotency_key = ?');
  const apply = h.prepare(
    'update ledger_accounts set balance = balance + ? where id = ? and (min_balance is null or balance + ? >= min_balance)',
  );
  const owed = h.prepare('select balance from ledger_accounts where code = ?');
  const tx = h.transaction((s: TransferStep): TransferAtOnce => {
    const r = s.row;
    const memo = r.memo ?? null;
    const inserted = insert.run(r.idempotency_key, r.debit_account_id, r.credit_account_id, r.amount, r.kind, memo, r.created_at);
    if (inserted.changes === 0) return { outcome: 'repeated', transfer: byKey.get(r.idempotency_key) as TransferRow };
    const made: TransferRow = {
      id: Number(inserted.lastInsertRowid),
      idempotency_key: r.idempotency_key,
      debit_account_id: r.debit_account_id,
      credit_account_id: r.credit_account_id,
      amount: r.amount,
      kind: r.kind,
      memo,
      created_at: r.created_at,
    };
    const steps =
      r.debit_account_id < r.credit_account_id
        ? [
            [r.debit_account_id, -r.amount],
            [r.credit_account_id, r.amount],
          ]
        : [
            [r.credit_account_id, r.amount],
            [r.debit_account_id, -r.amount],
          ];
    for (const [id, delta] of steps) if (apply.run(delta, id, delta).changes === 0) throw REFUSED;
    if (s.owedCode !== null && Number((owed.get(s.owedCode) as { balance: number } | undefined)?.balance ?? 0) < 0) throw DEBT;
    return { outcome: 'made', transfer: made };
  });
  return (s) => {
    try {
      return tx(s);
    } catch (err) {
      if (err === REFUSED) return { outcome: 'refused' };
      if (err === DEBT) return { outcome: 'debt' };
      throw err;
    }
  };
}

interface Queued {
  step: TransferStep;
  resolve: (out: TransferAtOnce | null) => void;
  reject: (err: unknown) => void;
}

/**
 * SQLite's transfers, group-committed: the transfers queued in one turn of the event loop (`batchPerTurn`)
 * run in one synchronous transaction, each in a savepoint of its own (a refusal, a debt or an error
 * undoes that transfer alone and is answered alone), and every caller is answered after the commit.
 * The commit then writes the pages the transfers share (the balances', the indexes' tails) once. The
 * batch runs at once when the connection is idle, else in Kysely's turn for it.
 */
const sqliteQueues = new WeakMap<Db, (q: Queued) => void>();
function sqliteQueue(db: Db, h: SQLite.Database): (q: Queued) => void {
  let queue = sqliteQueues.get(db);
  if (queue) return queue;
  const one = sqliteTransfer(h);
  const many = h.transaction((batch: Queued[], outs: (TransferAtOnce | { error: unknown })[]) => {
    for (const q of batch) {
      try {
        outs.push(one(q.step));
      } catch (error) {
        // SQLite rolls the whole transaction back on a few errors (a full disk): end the batch there.
        if (!h.inTransaction) throw error;
        outs.push({ error });
      }
    }
  });
  /** Runs the batch now (the connection is free); returns the transfers not run. */
  const run = (batch: Queued[]): Queued[] => {
    if (h.inTransaction) {
      // A transaction of the caller's is open on the connection: each takes the full transaction.
      for (const q of batch) q.resolve(null);
      return [];
    }
    const outs: (TransferAtOnce | { error: unknown })[] = [];
    try {
      if (batch.length === 1) outs.push(one(batch[0]!.step));
      else many(batch, outs);
    } catch (err) {
      // Nothing of the batch was kept: those that ran are told, those not run yet go in the next batch.
      for (const q of batch.slice(0, outs.length + 1)) q.reject(err);
      return batch.slice(outs.length + 1);
    }
    outs.forEach((out, i) => ('error' in out ? batch[i]!.reject(out.error) : batch[i]!.resolve(out)));
    return [];
  };
  queue = batchPerTurn<Queued>((batch) => onSqliteConnection(db, () => run(batch)));
  sqliteQueues.set(db, queue);
  return queue;
}

export const ledgerRepository = {
  /**
   * A whole transfer in one step, outside any transaction of the caller: on SQLite in the next group
   * commit of the connection (`sqliteQueue`), on PostgreSQL one call of the `ledger_transfer` function
   * (one round trip). The same steps as the ledger's transaction (the row under its key, both balances
   * in id order with the conditional update); a refusal or a debt undoes all of it. Null when the
   * database offers neither (the caller runs its transaction).
   */
  async transferAtOnce(db: Db, s: TransferStep): Promise<TransferAtOnce | null> {
    const h = sqliteHandleOf(db);
    if (h) return new Promise((resolve, reject) => sqliteQueue(db, h)({ step: s, resolve, reject }));
    if (db.isTransaction || dialectOf(db) !== 'postgres') return null;
    const r = s.row;
    try {
      const res = await db.executeQuery<TransferRow & { outcome: 'made' | 'repeated' }>(
        CompiledQuery.raw(PG_TRANSFER, [
          r.idempotency_key,
          r.debit_account_id,
          r.credit_account_id,
          r.amount,
          r.kind,
          r.memo ?? null,
          r.created_at,
          s.owedCode,
        ]),
      );
      const { outcome, ...transfer } = res.rows[0]!;
      return { outcome, transfer };
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === 'SBNSF') return { outcome: 'refused' };
      if (code === 'SBDBT') return { outcome: 'debt' };
      throw err;
    }
  },
  /** The transfers of an account's latest paid subscription checkouts (`checkout:<id>`, kind subscription). */
  async paidSubscriptionTransfers(db: DbOrTx, accountId: number, limit: number): Promise<TransferRow[]> {
    const paid = await db
      .selectFrom('checkouts')
      .select('id')
      .where('account_id', '=', accountId)
      .where('purpose', '=', 'subscription')
      .where('status', '=', 'paid')
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute();
    if (paid.length === 0) return [];
    return db
      .selectFrom('ledger_transfers')
      .selectAll()
      .where(
        'idempotency_key',
        'in',
        paid.map((c) => `checkout:${c.id}`),
      )
      .where('kind', '=', 'subscription')
      .execute();
  },
  async accountByCode(db: DbOrTx, code: string): Promise<LedgerAccountRow | undefined> {
    return db.selectFrom('ledger_accounts').selectAll().where('code', '=', code).executeTakeFirst();
  },
  /** Creates the account unless it exists (a concurrent creation wins quietly). */
  async insertAccount(db: DbOrTx, row: Insertable<LedgerAccountsTable>): Promise<void> {
    await db
      .insertInto('ledger_accounts')
      .values(row)
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
  },
  async balance(db: DbOrTx, code: string): Promise<number | undefined> {
    const row = await db.selectFrom('ledger_accounts').select('balance').where('code', '=', code).executeTakeFirst();
    return row ? Number(row.balance) : undefined;
  },
  async balances(db: DbOrTx, codes: string[]): Promise<{ code: string; balance: number }[]> {
    const rows = await db.selectFrom('ledger_accounts').select(['code', 'balance']).where('code', 'in', codes).execute();
    return rows.map((r) => ({ code: r.code, balance: Number(r.balance) }));
  },
  /** Takes the account's row lock to the end of the transaction (a no-op update: alike on SQLite and PostgreSQL). */
  async lockAccount(trx: Tx, code: string): Promise<void> {
    await trx
      .updateTable('ledger_accounts')
      .set({ balance: sql`balance` })
      .where('code', '=', code)
      .execute();
  },
  /** Adds `delta` to the balance unless that takes it below its limit; false when refused. */
  async applyDelta(trx: Tx, id: number, delta: number): Promise<boolean> {
    const updated = await trx
      .updateTable('ledger_accounts')
      .set({ balance: sql`balance + ${delta}` })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('min_balance', 'is', null), eb(sql`balance + ${delta}`, '>=', eb.ref('min_balance'))]))
      .returning('id')
      .executeTakeFirst();
    return updated !== undefined;
  },
  /** Stores a transfer; undefined when its idempotency key was taken first. */
  async insertTransfer(trx: Tx, row: Insertable<LedgerTransfersTable>): Promise<TransferRow | undefined> {
    return trx
      .insertInto('ledger_transfers')
      .values(row)
      .onConflict((oc) => oc.column('idempotency_key').doNothing())
      .returningAll()
      .executeTakeFirst();
  },
  async transferByKey(db: DbOrTx, key: string): Promise<TransferRow> {
    return db.selectFrom('ledger_transfers').selectAll().where('idempotency_key', '=', key).executeTakeFirstOrThrow();
  },
  /** The transfers made under these keys: each key with when it was made. */
  async transfersWithKeys(db: DbOrTx, keys: string[]): Promise<{ idempotency_key: string; created_at: number }[]> {
    if (keys.length === 0) return [];
    const rows = await db
      .selectFrom('ledger_transfers')
      .select(['idempotency_key', 'created_at'])
      .where('idempotency_key', 'in', keys)
      .execute();
    return rows.map((r) => ({ idempotency_key: r.idempotency_key, created_at: Number(r.created_at) }));
  },
  /** Whether a transfer was made under any of these keys. */
  async anyTransfer(db: DbOrTx, keys: string[]): Promise<boolean> {
    const row = await db.selectFrom('ledger_transfers').select('id').where('idempotency_key', 'in', keys).executeTakeFirst();
    return row !== undefined;
  },
  async accountIds(db: DbOrTx, codes: string[]): Promise<number[]> {
    const rows = await db.selectFrom('ledger_accounts').select('id').where('code', 'in', codes).execute();
    return rows.map((r) => r.id);
  },
  /** The transfers into or out of these accounts, newest first. */
  async transfersOf(db: DbOrTx, accountIds: number[], limit: number): Promise<TransferRow[]> {
    return db
      .selectFrom('ledger_transfers')
      .selectAll()
      .where((eb) => eb.or([eb('debit_account_id', 'in', accountIds), eb('credit_account_id', 'in', accountIds)]))
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  },
  /** Every account's balance, and its credits and debits summed over all transfers (the reconciliation). */
  async totals(db: DbOrTx) {
    const accounts = await db.selectFrom('ledger_accounts').select(['id', 'code', 'balance']).execute();
    const credits = await db
      .selectFrom('ledger_transfers')
      .select(['credit_account_id as id', sql<string>`sum(amount)`.as('total')])
      .groupBy('credit_account_id')
      .execute();
    const debits = await db
      .selectFrom('ledger_transfers')
      .select(['debit_account_id as id', sql<string>`sum(amount)`.as('total')])
      .groupBy('debit_account_id')
      .execute();
    return { accounts, credits, debits };
  },
};
