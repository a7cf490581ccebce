import type { DbOrTx } from '../../../db.ts';
import type { DisputesTable } from '../tables.ts';

const normalize = (r: DisputesTable): DisputesTable => ({
  ...r,
  amount: Number(r.amount),
  held: Number(r.held),
  owed: Number(r.owed),
  created_at: Number(r.created_at),
  updated_at: Number(r.updated_at),
});

/** Card disputes (one row per processor dispute id). */
export const disputesRepository = {
  async byId(db: DbOrTx, id: string): Promise<DisputesTable | undefined> {
    const r = await db.selectFrom('disputes').selectAll().where('id', '=', id).executeTakeFirst();
    return r && normalize(r);
  },
  /** Stores a dispute; false when its id was stored first. */
  async insert(db: DbOrTx, row: DisputesTable): Promise<boolean> {
    const r = await db
      .insertInto('disputes')
      .values(row)
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    return r !== undefined;
  },
  /** Closes an open dispute; false when it was not open (closed before). */
  async close(db: DbOrTx, id: string, outcome: 'won' | 'lost', at: number): Promise<boolean> {
    const r = await db
      .updateTable('disputes')
      .set({ status: outcome, updated_at: at })
      .where('id', '=', id)
      .where('status', '=', 'open')
      .returning('id')
      .executeTakeFirst();
    return r !== undefined;
  },
  /** The account's disputes not won that left a debt, newest first. */
  async owingOf(db: DbOrTx, accountId: number): Promise<{ id: string; owed: number }[]> {
    const rows = await db
      .selectFrom('disputes')
      .select(['id', 'owed'])
      .where('account_id', '=', accountId)
      .where('status', '!=', 'won')
      .where('owed', '>', 0)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map((r) => ({ id: r.id, owed: Number(r.owed) }));
  },
};
