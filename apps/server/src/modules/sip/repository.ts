import type { Insertable, Selectable, Updateable } from 'kysely';
import type { DbOrTx } from '../../db.ts';
import type { SipRegistrationsTable, SipRoutesTable, SipWhitelistTable } from './tables.ts';

export type WhitelistRow = Selectable<SipWhitelistTable>;
export type RouteRow = Selectable<SipRoutesTable>;
export type RegistrationRow = Selectable<SipRegistrationsTable>;

/** Every query is scoped by the organization, except the endpoint's look-ups by address and username. */
export const sipRepository = {
  whitelist: (db: DbOrTx, accountId: number) =>
    db.selectFrom('sip_whitelist').selectAll().where('account_id', '=', accountId).orderBy('id').execute(),
  addWhitelist: (db: DbOrTx, row: Insertable<SipWhitelistTable>) =>
    db.insertInto('sip_whitelist').values(row).returningAll().executeTakeFirstOrThrow(),
  findWhitelist: (db: DbOrTx, accountId: number, ip: string) =>
    db.selectFrom('sip_whitelist').selectAll().where('account_id', '=', accountId).where('ip', '=', ip).executeTakeFirst(),
  /** Every entry (the endpoint screens addresses before it knows the organization). */
  allWhitelist: (db: DbOrTx) => db.selectFrom('sip_whitelist').select(['account_id', 'ip']).execute(),

  routes: (db: DbOrTx, accountId: number) =>
    db.selectFrom('sip_routes').selectAll().where('account_id', '=', accountId).orderBy('prefix').execute(),
  addRoute: (db: DbOrTx, row: Insertable<SipRoutesTable>) =>
    db.insertInto('sip_routes').values(row).returningAll().executeTakeFirstOrThrow(),
  findRoute: (db: DbOrTx, accountId: number, prefix: string) =>
    db.selectFrom('sip_routes').selectAll().where('account_id', '=', accountId).where('prefix', '=', prefix).executeTakeFirst(),

  registrations: (db: DbOrTx, accountId: number) =>
    db.selectFrom('sip_registrations').selectAll().where('account_id', '=', accountId).orderBy('id').execute(),
  registration: (db: DbOrTx, id: number) => db.selectFrom('sip_registrations').selectAll().where('id', '=', id).executeTakeFirst(),
  providerRegistrations: (db: DbOrTx) => db.selectFrom('sip_registrations').selectAll().where('kind', '=', 'provider').execute(),
  addRegistration: (db: DbOrTx, row: Insertable<SipRegistrationsTable>) =>
    db.insertInto('sip_registrations').values(row).returningAll().executeTakeFirstOrThrow(),
  byRegistrarUser: (db: DbOrTx, username: string) =>
    db.selectFrom('sip_registrations').selectAll().where('registrar_user', '=', username).executeTakeFirst(),
  updateRegistration: (db: DbOrTx, id: number, set: Updateable<SipRegistrationsTable>) =>
    db.updateTable('sip_registrations').set(set).where('id', '=', id).execute(),
  /** PBXs of an organization registered from `ip` whose binding has not run out. */
  liveBindingFrom: (db: DbOrTx, accountId: number, ip: string, now: number) =>
    db
      .selectFrom('sip_registrations')
      .select('id')
      .where('account_id', '=', accountId)
      .where('kind', '=', 'pbx')
      .where('source_ip', '=', ip)
      .where('expires_at', '>', now)
      .executeTakeFirst(),
  anyLiveBindingFrom: (db: DbOrTx, ip: string, now: number) =>
    db
      .selectFrom('sip_registrations')
      .select('id')
      .where('kind', '=', 'pbx')
      .where('source_ip', '=', ip)
      .where('expires_at', '>', now)
      .executeTakeFirst(),

  /** Deletes one row of the organization's; false when it has no such row. */
  async remove(db: DbOrTx, table: 'sip_whitelist' | 'sip_routes' | 'sip_registrations', accountId: number, id: number): Promise<boolean> {
    const r = await db.deleteFrom(table).where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  },
};
