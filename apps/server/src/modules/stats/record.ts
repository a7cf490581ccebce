import type { UsageItem } from '@switchboard/core';
import type { DbOrTx } from '../../db.ts';

/** Today's date (UTC) as usage is recorded. */
export const usageDay = (at = Date.now()) => new Date(at).toISOString().slice(0, 10);

/**
 * Adds to one daily usage counter (account, day, item): one upsert-increment, so concurrent callers on
 * SQLite or PostgreSQL never lose a count. Pass the caller's transaction to count in the same commit as
 * what is counted. `accountId` is the account that used it (an agent, or the organization itself).
 */
export async function recordUsage(db: DbOrTx, accountId: number, item: UsageItem, quantity = 1, date = usageDay()): Promise<void> {
  if (!(quantity > 0)) return;
  await db
    .insertInto('usage_daily')
    .values({ account_id: accountId, date, item, quantity })
    .onConflict((oc) =>
      oc
        .columns(['account_id', 'date', 'item'])
        .doUpdateSet((eb) => ({ quantity: eb('usage_daily.quantity', '+', eb.ref('excluded.quantity')) })),
    )
    .execute();
}
