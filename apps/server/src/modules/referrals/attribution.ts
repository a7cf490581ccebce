import crypto from 'node:crypto';
import type { DbOrTx } from '../../db.ts';
import { referralsRepository as repo } from './repository.ts';

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
  const invite = await repo.inviteByCodeHash(db, hashInviteCode(code));
  if (invite) {
    if (invite.joined_account_id != null) return null;
    return (await repo.markJoined(db, invite.id, set)) ? invite.id : null;
  }
  const owner = await repo.codeOwner(db, code);
  if (owner === undefined || owner === joined.id) return null;
  const channel = joined.email ? 'email' : 'sms';
  const target = joined.email ?? joined.phone_number;
  if (!target) return null;
  const existing = await repo.inviteByTarget(db, target);
  if (existing) {
    if (existing.account_id !== owner || existing.joined_account_id != null) return null;
    await repo.markJoined(db, existing.id, set);
    return existing.id;
  }
  return (await repo.insertJoinedInvite(db, { account_id: owner, channel, target, created_at: Number(joined.created_at), ...set })) ?? null;
}
