import type { DbOrTx } from '../../db.ts';
import { compiledQuery } from '../../platform/db/compiled.ts';

/** One upsert-increment per usage write (every agent reply, message and call): compiled once (platform/db/compiled.ts). */
const addToCounter = compiledQuery<never, [number, string, string, number]>(4, (db, accountId, date, item, quantity) =>
  db
    .insertInto('usage_daily')
    .values({ account_id: accountId, date, item, quantity })
    .onConflict((oc) =>
      oc
        .columns(['account_id', 'date', 'item'])
        .doUpdateSet((eb) => ({ quantity: eb('usage_daily.quantity', '+', eb.ref('excluded.quantity')) })),
    ),
);

/** Stats' own table: the daily usage counters. The reports over other modules' rows are in repository/readModels.ts. */
export const statsRepository = {
  /** Adds to one daily usage counter (`usage_daily`, stats' own table): one upsert-increment. */
  async addDailyUsage(db: DbOrTx, accountId: number, date: string, item: string, quantity: number): Promise<void> {
    await addToCounter(db, accountId, date, item, quantity);
  },
};
