import type { DbOrTx } from '../../db.ts';

/** Stats' own table: the daily usage counters. The reports over other modules' rows are in repository/readModels.ts. */
export const statsRepository = {
  /** Adds to one daily usage counter (`usage_daily`, stats' own table): one upsert-increment. */
  async addDailyUsage(db: DbOrTx, accountId: number, date: string, item: string, quantity: number): Promise<void> {
    await db
      .insertInto('usage_daily')
      .values({ account_id: accountId, date, item, quantity })
      .onConflict((oc) =>
        oc
          .columns(['account_id', 'date', 'item'])
          .doUpdateSet((eb) => ({ quantity: eb('usage_daily.quantity', '+', eb.ref('excluded.quantity')) })),
      )
      .execute();
  },
};
