import type { DbOrTx } from '../../db.ts';
import { accountAddresses, addressesInUse, firstAccountWithAddress } from '../accounts/index.ts';
import { ledger } from '../wallet/index.ts';
import { rewardKey } from './constants.ts';

/** All the referral SQL. */
type InviteJoin = { joined_account_id: number; joined_at: number };

export const referralsRepository = {
  async inviteByCodeHash(db: DbOrTx, codeHash: string): Promise<{ id: number; joined_account_id: number | null } | undefined> {
    return db.selectFrom('referral_invites').select(['id', 'joined_account_id']).where('code_hash', '=', codeHash).executeTakeFirst();
  },
  async inviteByTarget(
    db: DbOrTx,
    target: string,
  ): Promise<{ id: number; account_id: number; joined_account_id: number | null } | undefined> {
    return db
      .selectFrom('referral_invites')
      .select(['id', 'account_id', 'joined_account_id'])
      .where('target', '=', target)
      .executeTakeFirst();
  },
  /** Marks an invitation joined unless it was joined already; false when it was. */
  async markJoined(db: DbOrTx, id: number, set: InviteJoin): Promise<boolean> {
    const r = await db
      .updateTable('referral_invites')
      .set(set)
      .where('id', '=', id)
      .where('joined_account_id', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },
  async codeOwner(db: DbOrTx, code: string): Promise<number | undefined> {
    const r = await db.selectFrom('referral_codes').select('account_id').where('code', '=', code).executeTakeFirst();
    return r?.account_id;
  },
  /** An invitation that joined at once (a referral link nobody sent); undefined when the address was invited first. */
  async insertJoinedInvite(
    db: DbOrTx,
    row: { account_id: number; channel: 'email' | 'sms'; target: string; created_at: number } & InviteJoin,
  ): Promise<number | undefined> {
    const r = await db
      .insertInto('referral_invites')
      .values({ ...row, user_id: row.account_id, code_hash: null, claimed_at: null, reward_micro_usd: null, rewarded_at: null })
      .onConflict((oc) => oc.column('target').doNothing())
      .returning('id')
      .executeTakeFirst();
    return r?.id;
  },

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
  insertInvite(db: DbOrTx, row: { account_id: number; user_id: number; channel: string; target: string; code_hash: string }) {
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

  /**
   * Marks invitations whose address has since signed up (an account with that e-mail or phone made after
   * the invitation). Joining earns nothing by itself: the reward comes when the new account pays.
   */
  async attributeJoins(db: DbOrTx, accountId: number): Promise<void> {
    const open = await db
      .selectFrom('referral_invites')
      .select(['id', 'target', 'channel', 'created_at'])
      .where('account_id', '=', accountId)
      .where('joined_account_id', 'is', null)
      .execute();
    for (const inv of open) {
      const joined = await firstAccountWithAddress(
        db,
        inv.channel === 'email' ? 'email' : 'phone_number',
        inv.target,
        Number(inv.created_at),
      );
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

  /**
   * The invitation an account joined through: the one marked joined by it, else one sent to its e-mail
   * or phone before it signed up (marked joined now).
   */
  async inviteOfJoined(db: DbOrTx, joinedAccountId: number) {
    const cols = ['id', 'account_id', 'reward_micro_usd'] as const;
    const found = await db.selectFrom('referral_invites').select(cols).where('joined_account_id', '=', joinedAccountId).executeTakeFirst();
    if (found) return found;
    const acc = await accountAddresses(db, joinedAccountId);
    const targets = [acc?.email, acc?.phone_number].filter((v): v is string => !!v);
    if (!acc || targets.length === 0) return undefined;
    const open = await db
      .selectFrom('referral_invites')
      .select(cols)
      .where('target', 'in', targets)
      .where('joined_account_id', 'is', null)
      .where('created_at', '<=', Number(acc.created_at))
      .where('account_id', '<>', joinedAccountId)
      .orderBy('id')
      .executeTakeFirst();
    if (!open) return undefined;
    const r = await db
      .updateTable('referral_invites')
      .set({ joined_account_id: joinedAccountId, joined_at: Number(acc.created_at) })
      .where('id', '=', open.id)
      .where('joined_account_id', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0 ? open : undefined;
  },

  /** How many rewards an account has earned since a time (the monthly cap). */
  async rewardedSince(db: DbOrTx, accountId: number, since: number): Promise<number> {
    const r = await db
      .selectFrom('referral_invites')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('account_id', '=', accountId)
      .where('rewarded_at', '>=', since)
      .where('reward_micro_usd', '>', 0)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  },

  /** Records what an invitation earned, once (false when it had been recorded). */
  async markRewarded(db: DbOrTx, id: number, reward: number, at: number): Promise<boolean> {
    const r = await db
      .updateTable('referral_invites')
      .set({ reward_micro_usd: reward, rewarded_at: at })
      .where('id', '=', id)
      .where('rewarded_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },

  async accountWith(db: DbOrTx, channel: 'email' | 'sms', target: string) {
    return firstAccountWithAddress(db, channel === 'email' ? 'email' : 'phone_number', target);
  },

  /** Rewards earned and not yet claimed. */
  unclaimed(db: DbOrTx, accountId: number) {
    return db
      .selectFrom('referral_invites')
      .select(['id', 'target', 'reward_micro_usd'])
      .where('account_id', '=', accountId)
      .where('joined_account_id', 'is not', null)
      .where('reward_micro_usd', '>', 0)
      .where('claimed_at', 'is', null)
      .orderBy('id')
      .execute();
  },
  /** Marks a reward claimed; false when it already was. */
  async markClaimed(db: DbOrTx, id: number): Promise<boolean> {
    const r = await db
      .updateTable('referral_invites')
      .set({ claimed_at: Date.now() })
      .where('id', '=', id)
      .where('claimed_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },
  /** Which of these addresses were invited already (by anyone). */
  async invitedAmong(db: DbOrTx, targets: string[]): Promise<Set<string>> {
    if (targets.length === 0) return new Set();
    const rows = await db.selectFrom('referral_invites').select('target').where('target', 'in', targets).execute();
    return new Set(rows.map((r) => r.target));
  },
  /** Which of these e-mail addresses and numbers belong to an account. */
  async membersAmong(db: DbOrTx, emails: string[], phones: string[]): Promise<Set<string>> {
    return new Set([...(await addressesInUse(db, 'email', emails)), ...(await addressesInUse(db, 'phone_number', phones))]);
  },

  /**
   * Marks claimed the rewards the ledger shows paid (a transfer under the invitation's reward key), so a
   * reward paid by the wallet's claimRewards reads claimed here. A read of the ledger's transfer keys:
   * they are the record of what was paid.
   */
  async syncClaimed(db: DbOrTx, accountId: number): Promise<void> {
    const open = await this.unclaimed(db, accountId);
    if (open.length === 0) return;
    const paid = await ledger.madeAt(
      db,
      open.map((r) => rewardKey(r.id)),
    );
    for (const [key, at] of paid) {
      const id = Number(key.slice(rewardKey(0).length - 1));
      await db.updateTable('referral_invites').set({ claimed_at: at }).where('id', '=', id).where('claimed_at', 'is', null).execute();
    }
  },
};
