import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../columns.ts';

/**
 * PostgreSQL: a transfer in one round trip (the ledger's fast path, modules/wallet/repository/ledger.ts).
 * The same steps as the ledger's transaction, in one statement run on its own: the transfer row under
 * its idempotency key (a repeat returns the first, outcome `repeated`), both balances updated in
 * account-id order with the conditional update (`balance + delta >= min_balance`). A refused debit
 * raises SQLSTATE `SBNSF` and a credited wallet that owes the platform raises `SBDBT`: either error
 * undoes the whole statement (the caller then refuses, or runs the full transaction that collects the
 * debt). SQLite runs the same steps synchronously in the repository instead.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`
    CREATE OR REPLACE FUNCTION ledger_transfer(p_key text, p_debit integer, p_credit integer, p_amount bigint,
      p_kind text, p_memo text, p_at bigint, p_owed text)
    RETURNS TABLE (o_outcome text, o_id integer, o_key text, o_debit integer, o_credit integer, o_amount bigint,
      o_kind text, o_memo text, o_at bigint)
    LANGUAGE plpgsql AS $fn$
    DECLARE
      t ledger_transfers%ROWTYPE;
      first_id integer := least(p_debit, p_credit);
      second_id integer := greatest(p_debit, p_credit);
      owed bigint;
    BEGIN
      INSERT INTO ledger_transfers (idempotency_key, debit_account_id, credit_account_id, amount, kind, memo, created_at)
        VALUES (p_key, p_debit, p_credit, p_amount, p_kind, p_memo, p_at)
        ON CONFLICT (idempotency_key) DO NOTHING
        RETURNING * INTO t;
      IF t.id IS NULL THEN
        SELECT * INTO t FROM ledger_transfers WHERE idempotency_key = p_key;
        RETURN QUERY SELECT 'repeated'::text, t.id, t.idempotency_key::text, t.debit_account_id, t.credit_account_id,
          t.amount, t.kind::text, t.memo::text, t.created_at;
        RETURN;
      END IF;
      UPDATE ledger_accounts SET balance = balance + CASE WHEN id = p_debit THEN -p_amount ELSE p_amount END
        WHERE id = first_id
          AND (min_balance IS NULL OR balance + CASE WHEN id = p_debit THEN -p_amount ELSE p_amount END >= min_balance);
      IF NOT FOUND THEN RAISE EXCEPTION 'insufficient funds' USING ERRCODE = 'SBNSF'; END IF;
      UPDATE ledger_accounts SET balance = balance + CASE WHEN id = p_debit THEN -p_amount ELSE p_amount END
        WHERE id = second_id
          AND (min_balance IS NULL OR balance + CASE WHEN id = p_debit THEN -p_amount ELSE p_amount END >= min_balance);
      IF NOT FOUND THEN RAISE EXCEPTION 'insufficient funds' USING ERRCODE = 'SBNSF'; END IF;
      IF p_owed IS NOT NULL THEN
        SELECT balance INTO owed FROM ledger_accounts WHERE code = p_owed;
        IF owed < 0 THEN RAISE EXCEPTION 'debt to collect' USING ERRCODE = 'SBDBT'; END IF;
      END IF;
      RETURN QUERY SELECT 'made'::text, t.id, t.idempotency_key::text, t.debit_account_id, t.credit_account_id,
        t.amount, t.kind::text, t.memo::text, t.created_at;
    END
    $fn$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`DROP FUNCTION IF EXISTS ledger_transfer(text, integer, integer, bigint, text, text, bigint, text)`.execute(db);
}
