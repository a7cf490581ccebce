import type { Kysely } from 'kysely';

/** Referrals: each invitation's own code (its SHA-256 only), carried by the invite link's `?ref=`. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('referral_invites').addColumn('code_hash', 'varchar(64)').execute();
  await db.schema.createIndex('referral_invites_code_hash').on('referral_invites').column('code_hash').unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('referral_invites_code_hash').execute();
  await db.schema.alterTable('referral_invites').dropColumn('code_hash').execute();
}
