import type { DbOrTx } from '../../db.ts';

/** All the referral SQL. */
export const referralsRepository = {
  async codeOf(db: DbOrTx, accountId: number, fresh: () => string): Promise<string> {
    const found = await db.selectFrom('referral_codes').select('code').where('account_id', '=', accountId).executeTakeFirst();
    if (found) return found.code;
    await db
      .insertInto('referral_codes')
      .values({ account_id: accountId, code: fresh(), created_at: Date.now() })
      .onConflict((oc) => oc.column('account_id').doNothing())
      .execute();
    return (await db.selectFrom('referral_codes').select('code').where('account_id', '=', accountId).executeTakeFirstOrThrow()).code;
  },

  /** Inserts the invitation unless the target was invited before; undefined when it was. */
  insertInvite(db: DbOrTx, row: { account_id: number; user_id: number; channel: string; target: string }) {
    return db
      .insertInto('referral_invites')
      .values({ ...row, created_at: Date.now() })
      .onConflict((oc) => oc.column('target').doNothing())
      .returning(['id', 'created_at'])
      .executeTakeFirst();
  },

  deleteInvite(db: DbOrTx, id: number) {
    return db.deleteFrom('referral_invites').where('id', '=', id).execute();
  },

  list(db: DbOrTx, accountId: number) {
    return db.selectFrom('referral_invites').selectAll().where('account_id', '=', accountId).orderBy('id', 'desc').limit(500).execute();
  },

  /** Marks invitations whose address has since signed up (an account with that e-mail or phone made after the invitation). */
  async attributeJoins(db: DbOrTx, accountId: number): Promise<void> {
    const open = await db
      .selectFrom('referral_invites')
      .select(['id', 'target', 'channel', 'created_at'])
      .where('account_id', '=', accountId)
      .where('joined_account_id', 'is', null)
      .execute();
    for (const inv of open) {
      const joined = await db
        .selectFrom('accounts')
        .select(['id', 'created_at'])
        .where(inv.channel === 'email' ? 'email' : 'phone_number', '=', inv.target)
        .where('created_at', '>=', Number(inv.created_at))
        .where('deleted_at', 'is', null)
        .orderBy('id')
        .executeTakeFirst();
      if (joined) {
        await db
          .updateTable('referral_invites')
          .set({ joined_account_id: joined.id, joined_at: Number(joined.created_at) })
          .where('id', '=', inv.id)
          .where('joined_account_id', 'is', null)
          .execute();
      }
    }
  },

  async accountWith(db: DbOrTx, channel: 'email' | 'sms', target: string) {
    return db
      .selectFrom('accounts')
      .select('id')
      .where(channel === 'email' ? 'email' : 'phone_number', '=', target)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  },
};
