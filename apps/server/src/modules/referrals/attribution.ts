import crypto from 'node:crypto';
import type { DbOrTx } from '../../db.ts';

export const hashInviteCode = (code: string) => crypto.createHash('sha256').update(code).digest('hex');

/** A new account as the sign-up made it: the address it signed up with. */
export interface JoinedAccount {
  id: number;
  email: string | null;
  phone_number: string | null;
  created_at: number | string;
}

/**
 * Attributes a sign-up to the invitation whose link it came through (`?ref=`), inside the sign-up's
 * transaction. The code is either an invitation's own code (stored hashed): that invitation is marked
 * joined whatever address the person signed up with; or an account's referral code (the link on the
 * rewards page): that account's invitation of this address, else a new invitation row for it (when no one
 * invited the address). An unknown code, an invitation already joined, or a self-referral attributes nothing.
 * Returns the invitation id, or null.
 */
export async function attributeSignup(db: DbOrTx, ref: string | undefined, joined: JoinedAccount): Promise<number | null> {
  const code = ref?.trim();
  if (!code || code.length > 64) return null;
  // Joined only: the reward is earned when the new account pays (rewards.ts qualifyReferral).
  const set = { joined_account_id: joined.id, joined_at: Number(joined.created_at) };
  const invite = await db
    .selectFrom('referral_invites')
    .select(['id', 'joined_account_id'])
    .where('code_hash', '=', hashInviteCode(code))
    .executeTakeFirst();
  if (invite) {
    if (invite.joined_account_id != null) return null;
    const r = await db
      .updateTable('referral_invites')
      .set(set)
      .where('id', '=', invite.id)
      .where('joined_account_id', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0 ? invite.id : null;
  }
  const owner = await db.selectFrom('referral_codes').select('account_id').where('code', '=', code).executeTakeFirst();
  if (!owner || owner.account_id === joined.id) return null;
  const channel = joined.email ? 'email' : 'sms';
  const target = joined.email ?? joined.phone_number;
  if (!target) return null;
  const existing = await db
    .selectFrom('referral_invites')
    .select(['id', 'account_id', 'joined_account_id'])
    .where('target', '=', target)
    .executeTakeFirst();
  if (existing) {
    if (existing.account_id !== owner.account_id || existing.joined_account_id != null) return null;
    await db.updateTable('referral_invites').set(set).where('id', '=', existing.id).where('joined_account_id', 'is', null).execute();
    return existing.id;
  }
  const row = await db
    .insertInto('referral_invites')
    .values({
      account_id: owner.account_id,
      user_id: owner.account_id,
      channel,
      target,
      code_hash: null,
      claimed_at: null,
      reward_micro_usd: null,
      rewarded_at: null,
      created_at: Number(joined.created_at),
      ...set,
    })
    .onConflict((oc) => oc.column('target').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}
