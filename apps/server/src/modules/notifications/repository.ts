import type { Insertable, Selectable } from 'kysely';
import type { DbOrTx } from '../../db.ts';
import type { NotificationsTable } from './tables.ts';

export type NotificationRow = Selectable<NotificationsTable>;

export const notificationsRepository = {
  /** Whether the account got a notification of this kind after `since`. */
  async notifiedSince(db: DbOrTx, accountId: number, kind: string, since: number): Promise<boolean> {
    const row = await db
      .selectFrom('notifications')
      .select('id')
      .where('account_id', '=', accountId)
      .where('kind', '=', kind)
      .where('created_at', '>', since)
      .executeTakeFirst();
    return row !== undefined;
  },

  async list(db: DbOrTx, accountId: number, opts: { unreadOnly: boolean; limit: number }): Promise<NotificationRow[]> {
    let q = db.selectFrom('notifications').selectAll().where('account_id', '=', accountId);
    if (opts.unreadOnly) q = q.where('read_at', 'is', null);
    return q.orderBy('id', 'desc').limit(opts.limit).execute();
  },

  async unreadCount(db: DbOrTx, accountId: number): Promise<number> {
    const row = await db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_id', '=', accountId)
      .where('read_at', 'is', null)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  },

  /** Marks the given ids (or all, when ids is null) read; returns how many changed. */
  async markRead(db: DbOrTx, accountId: number, ids: number[] | null): Promise<number> {
    let q = db.updateTable('notifications').set({ read_at: Date.now() }).where('account_id', '=', accountId).where('read_at', 'is', null);
    if (ids) q = q.where('id', 'in', ids.length ? ids : [0]);
    const res = await q.executeTakeFirst();
    return Number(res.numUpdatedRows ?? 0);
  },

  async insert(db: DbOrTx, row: Insertable<NotificationsTable>): Promise<void> {
    await db.insertInto('notifications').values(row).execute();
  },
};
