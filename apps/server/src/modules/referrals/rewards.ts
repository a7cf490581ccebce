import type { Db } from '../../db.ts';
import { ledger, walletCode } from '../wallet/index.ts';
import { REFERRAL_REWARD_MICRO_USD, REWARDS_ACCOUNT, rewardKey } from './constants.ts';
import { referralsRepository } from './repository.ts';

export { REFERRAL_REWARD_MICRO_USD };

/**
 * Micro-USD an account has earned through referrals and not yet been paid: joins attributed now, less
 * the rewards the ledger shows paid.
 */
export async function claimableReferralRewards(db: Db, accountId: number): Promise<number> {
  await referralsRepository.attributeJoins(db, accountId);
  await referralsRepository.syncClaimed(db, accountId);
  const rows = await referralsRepository.unclaimed(db, accountId);
  return rows.reduce((sum, r) => sum + Number(r.reward_micro_usd ?? 0), 0);
}

/**
 * Pays every earned, unpaid reward into the account's wallet: per invitation one ledger transfer
 * (`platform:rewards` → `wallet:<id>`, key `reward:referral:<inviteId>`, so it moves once however often
 * or concurrently this or the wallet's claimRewards runs) and the mark that it was claimed, in one
 * transaction; a reward another claim took first is skipped.
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
        credit: walletCode(accountId),
        amount,
        kind: 'reward',
        memo: 'Referral reward',
      });
      if (!t.repeated) {
        claimedMicroUsd += amount;
        claimed += 1;
      }
    });
  }
  return { claimedMicroUsd, claimed, balanceMicroUsd: await ledger.balance(db, walletCode(accountId)) };
}
