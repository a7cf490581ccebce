import type { DbOrTx } from '../../../db.ts';

/**
 * Stats' read model of other modules' tables, declared as such: reports are scoped by the account tree
 * (`accounts`: the organizations under a partner or reseller, the agents of an organization), by agent
 * configurations (`campaigns`, agents module) and counted on the organization's local date (`schedules`,
 * calendar module: the time zone of its business hours). These are narrow, read-only lookups made for
 * every report and usage count; going through those modules' services would add round trips and
 * module imports (calendar and agents sit above stats), so they are read here directly.
 */
export const statsReadModel = {
  /** An account's names (deleted or not). */
  account(db: DbOrTx, id: number) {
    return db.selectFrom('accounts').select(['id', 'account_name', 'name', 'username']).where('id', '=', id).executeTakeFirst();
  },
  /** The live organizations under a partner or reseller, by id. */
  organizationsUnder(db: DbOrTx, by: 'partner_id' | 'reseller_id', accountId: number) {
    return db
      .selectFrom('accounts')
      .select(['id', 'account_name', 'name', 'username'])
      .where(by, '=', accountId)
      .where('account_type', '=', 'organization')
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .execute();
  },
  /** The live agents among `ids` that belong to one of these organizations (only `onlyId` when given). */
  agentsOf(db: DbOrTx, ids: number[], orgIds: number[], onlyId: number | null) {
    let q = db
      .selectFrom('accounts')
      .select(['id', 'organization_id'])
      .where('id', 'in', ids)
      .where('account_type', '=', 'agent')
      .where('organization_id', 'in', orgIds)
      .where('deleted_at', 'is', null);
    if (onlyId != null) q = q.where('id', '=', onlyId);
    return q.execute();
  },
  /** Campaigns by id, with the account each belongs to. */
  campaignOwners(db: DbOrTx, ids: number[]) {
    return db.selectFrom('campaigns').select(['id', 'account_id']).where('id', 'in', ids).execute();
  },
  /** The time zone of the business hours of an account's organization (the account itself or its organization). */
  async organizationTimezone(db: DbOrTx, accountId: number): Promise<string | null | undefined> {
    const row = await db
      .selectFrom('accounts as a')
      .innerJoin('schedules as s', (j) => j.on((eb) => eb('s.account_id', '=', eb.fn.coalesce('a.organization_id', 'a.id'))))
      .select('s.timezone')
      .where('a.id', '=', accountId)
      .executeTakeFirst();
    return row?.timezone;
  },
  /** The business-hours time zones of some organizations (those with a schedule). */
  timezones(db: DbOrTx, organizationIds: number[]) {
    return db.selectFrom('schedules').select(['account_id', 'timezone']).where('account_id', 'in', organizationIds).execute();
  },
};
