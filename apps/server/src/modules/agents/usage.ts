import type { Db, DbOrTx } from '../../db.ts';
import type { UsageItem } from '@switchboard/core';
import { recordUsage, usageDayOf } from '../stats/index.ts';

/**
 * Token usage per account and day (usage item `tokens`, spec §3 Usage result). Increments that arrive
 * while a write is pending are merged into one upsert per (account, day), written in one transaction;
 * every caller's promise settles only after its increment is stored, so nothing is counted late or lost.
 */
export function createUsageRecorder(db: Db, item: UsageItem = 'tokens') {
  let pending = new Map<string, { accountId: number; date: string | number; quantity: number }>();
  let waiters: { resolve: () => void; reject: (e: unknown) => void }[] = [];
  let scheduled = false;

  // One upsert-increment per (account, day): stats' recordUsage, given the date already resolved.
  const upsert = (q: DbOrTx, u: { accountId: number; date: string | number; quantity: number }) =>
    recordUsage(q, u.accountId, item, u.quantity, String(u.date));

  async function flush() {
    const batch = [...pending.values()];
    const ws = waiters;
    pending = new Map();
    waiters = [];
    scheduled = false;
    try {
      // An instant becomes the organization-local date of its account (stats' usageDayOf).
      for (const u of batch) if (typeof u.date === 'number') u.date = await usageDayOf(db, u.accountId, u.date);
      if (batch.length === 1) await upsert(db, batch[0]!);
      else
        await db.transaction().execute(async (trx) => {
          for (const u of batch) await upsert(trx, u);
        });
      for (const w of ws) w.resolve();
    } catch (err) {
      for (const w of ws) w.reject(err);
    }
  }

  return {
    /** `date`: an explicit date, or the instant of use (counted on its organization-local date when written). */
    add(accountId: number, quantity: number, date: string | number = Date.now()): Promise<void> {
      if (quantity <= 0) return Promise.resolve();
      const key = `${accountId}|${typeof date === 'number' ? 'now' : date}`;
      const cur = pending.get(key);
      if (cur) cur.quantity += quantity;
      else pending.set(key, { accountId, date, quantity });
      const done = new Promise<void>((resolve, reject) => waiters.push({ resolve, reject }));
      if (!scheduled) {
        scheduled = true;
        setImmediate(() => void flush());
      }
      return done;
    },
  };
}
