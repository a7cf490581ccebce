import type { Db, Tx } from '../../db.ts';
import { ledger, promoCode } from '../wallet/index.ts';
import {
  monthStart,
  REFERRAL_QUALIFYING_PAYMENT_MICRO_USD,
  REFERRAL_REWARD_MICRO_USD,
  REFERRAL_REWARDS_PER_MONTH,
  REWARDS_ACCOUNT,
  rewardKey,
} from './constants.ts';
import { referralsRepository } from './repository.ts';

export { REFERRAL_REWARD_MICRO_USD };

/** A payment that arrived from outside for an account (the wallet reports each once, in its transaction). */
export interface InviteePayment {
  accountId: number;
  amount: number;
  method: 'card' | 'lightning';
  /** 'credit' (a top-up or a pay-link payment) or 'subscription' (a paid plan). */
  purpose: string;
}

/**
 * The invited person became a paying customer: a paid plan, or at least the qualifying amount added by
 * card or Lightning. Runs inside the payment's transaction (wired in services.ts). The invitation it
 * joined through earns its sender the reward, once (a conditional update on `rewarded_at`), unless the
 * sender has earned the month's cap already: then it is recorded with 0. The count and the record are
 * made under the sender's reward-credit row lock, so parallel payments by several invitees cannot pass
 * the cap together. Returns the reward recorded (0 when none).
 */
export async function qualifyReferral(trx: Tx, payment: InviteePayment, now = Date.now()): Promise<number> {
  if (payment.purpose !== 'subscription' && payment.amount < REFERRAL_QUALIFYING_PAYMENT_MICRO_USD) return 0;
  const invite = await referralsRepository.inviteOfJoined(trx, payment.accountId);
  if (!invite || invite.reward_micro_usd != null) return 0;
  await ledger.lockedBalance(trx, promoCode(invite.account_id));
  const earned = await referralsRepository.rewardedSince(trx, invite.account_id, monthStart(now));
  const reward = earned >= REFERRAL_REWARDS_PER_MONTH ? 0 : REFERRAL_REWARD_MICRO_USD;
  return (await referralsRepository.markRewarded(trx, invite.id, reward, now)) ? reward : 0;
}

/**
 * Micro-USD an account has earned through referrals and not yet been paid: invitees who paid, less the
 * rewards the ledger shows paid.
 */
export async function claimableReferralRewards(db: Db, accountId: number): Promise<number> {
  await referralsRepository.attributeJoins(db, accountId);
  await referralsRepository.syncClaimed(db, accountId);
  const rows = await referralsRepository.unclaimed(db, accountId);
  return rows.reduce((sum, r) => sum + Number(r.reward_micro_usd ?? 0), 0);
}

/**
 * Pays every earned, unpaid reward into the account's reward credit (`promo:<id>`: spent on usage before
 * the wallet, never paid out): per invitation one ledger transfer (`platform:rewards` → `promo:<id>`, key
 * `reward:referral:<inviteId>`, so it moves once however often or concurrently this or the wallet's
 * claimRewards runs) and the mark that it was claimed, in one transaction; a reward another claim took
 * first is skipped. Returns what was claimed and the account's whole balance.
 */
export async function claimReferralRewards(db: Db, accountId: number) {
  await referralsRepository.attributeJoins(db, accountId);
  await referralsRepository.syncClaimed(db, accountId);
  let claimedMicroUsd = 0;
  let claimed = 0;
  for (const r of await referralsRepository.unclaimed(db, accountId)) {
    const amount = Number(r.reward_micro_usd);
    await db.transaction().execute(async (trx) => {
      if (!(await referralsRepository.markClaimed(trx, r.id))) return;
      const t = await ledger.transfer(trx, {
        key: rewardKey(r.id),
        debit: REWARDS_ACCOUNT,
        credit: promoCode(accountId),
        amount,
        kind: 'reward',
        memo: 'Referral reward (usage credit)',
      });
      if (!t.repeated) {
        claimedMicroUsd += amount;
        claimed += 1;
      }
    });
  }
  return { claimedMicroUsd, claimed, balanceMicroUsd: (await ledger.funds(db, accountId)).balance };
}
