import type { Kysely, Selectable } from 'kysely';
import type { Database, DbOrTx } from '../../db.ts';
import { compiledRead } from '../../platform/db/compiled.ts';
import type { MembershipsTable } from './tables.ts';

export type MembershipRow = Selectable<MembershipsTable>;

/** Every authenticated request reads its user's memberships: compiled once (platform/db/compiled.ts). */
const membershipsOfUser = compiledRead<MembershipRow>((db, userId) =>
  (db as Kysely<Database>)
    .selectFrom('memberships')
    .selectAll()
    .where('user_id', '=', userId as number),
);

export const membershipsRepository = {
  async forUser(db: DbOrTx, userId: number): Promise<MembershipRow[]> {
    return membershipsOfUser(db, userId);
  },

  async forAccount(db: DbOrTx, accountId: number): Promise<MembershipRow[]> {
    return db.selectFrom('memberships').selectAll().where('account_id', '=', accountId).orderBy('created_at').execute();
  },

  async find(db: DbOrTx, accountId: number, userId: number): Promise<MembershipRow | undefined> {
    return db.selectFrom('memberships').selectAll().where('account_id', '=', accountId).where('user_id', '=', userId).executeTakeFirst();
  },

  /** Grants access (or updates the owner flag when the grant exists). */
  async upsert(db: DbOrTx, m: { accountId: number; userId: number; isOwner: boolean; invitedBy: number | null }): Promise<void> {
    await db
      .insertInto('memberships')
      .values({ account_id: m.accountId, user_id: m.userId, is_owner: m.isOwner ? 1 : 0, invited_by: m.invitedBy, created_at: Date.now() })
      .onConflict((oc) => oc.columns(['account_id', 'user_id']).doUpdateSet({ is_owner: m.isOwner ? 1 : 0 }))
      .execute();
  },

  async remove(db: DbOrTx, accountId: number, userId: number): Promise<boolean> {
    const res = await db.deleteFrom('memberships').where('account_id', '=', accountId).where('user_id', '=', userId).executeTakeFirst();
    return Number(res.numDeletedRows) === 1;
  },

  async removeAllFor(db: DbOrTx, accountIds: number[]): Promise<void> {
    if (accountIds.length === 0) return;
    await db.deleteFrom('memberships').where('account_id', 'in', accountIds).execute();
  },
};
