import type { Generated } from 'kysely';

/** Each account's referral code (made on first use). */
export interface ReferralCodesTable {
  account_id: number;
  code: string;
  created_at: number;
}

/** An invitation: one per target address (e-mail or E.164 number), whoever sent it. */
export interface ReferralInvitesTable {
  id: Generated<number>;
  account_id: number;
  user_id: number;
  channel: string;
  target: string;
  /** The account that signed up with the invited address, once it has. */
  joined_account_id: number | null;
  joined_at: number | null;
  /**
   * Micro-USD earned once the invited person paid (set then; 0 when the sender had reached the monthly
   * cap), when that was, and when it was claimed into the sender's reward credit.
   */
  reward_micro_usd: number | null;
  rewarded_at: number | null;
  claimed_at: number | null;
  created_at: number;
  /** SHA-256 of the invitation's own code (the `?ref=` of its link); null for invitations sent before codes. */
  code_hash: string | null;
}

export interface ReferralsTables {
  referral_codes: ReferralCodesTable;
  referral_invites: ReferralInvitesTable;
}
