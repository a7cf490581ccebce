import type { Kysely } from 'kysely';

/**
 * Link pages: the campaign (UTM parameters) of a view or click, and referral
 * rewards: what an invitation that led to a sign-up earned, and when it was claimed into the wallet.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('link_events').addColumn('utm_source', 'varchar(100)').execute();
  await db.schema.alterTable('link_events').addColumn('utm_medium', 'varchar(100)').execute();
  await db.schema.alterTable('link_events').addColumn('utm_campaign', 'varchar(100)').execute();
  await db.schema.alterTable('referral_invites').addColumn('reward_micro_usd', 'bigint').execute();
  await db.schema.alterTable('referral_invites').addColumn('claimed_at', 'bigint').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('referral_invites').dropColumn('claimed_at').execute();
  await db.schema.alterTable('referral_invites').dropColumn('reward_micro_usd').execute();
  for (const c of ['utm_campaign', 'utm_medium', 'utm_source']) await db.schema.alterTable('link_events').dropColumn(c).execute();
}
