import { sql, type Kysely } from 'kysely';

/**
 * Referral rewards are earned when the invited person pays, not when they join: `rewarded_at` records
 * when. Rewards earned under the old rule and not yet claimed are cleared (the invitee's next payment
 * earns it); claimed ones count as earned when they were claimed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('referral_invites').addColumn('rewarded_at', 'bigint').execute();
  await db.schema.createIndex('referral_invites_rewarded').on('referral_invites').columns(['account_id', 'rewarded_at']).execute();
  await sql`update referral_invites set reward_micro_usd = null where claimed_at is null`.execute(db);
  await sql`update referral_invites set rewarded_at = claimed_at where claimed_at is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('referral_invites_rewarded').execute();
  await db.schema.alterTable('referral_invites').dropColumn('rewarded_at').execute();
}
