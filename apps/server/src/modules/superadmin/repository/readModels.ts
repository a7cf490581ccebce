import type { Expression, SqlBool } from 'kysely';
import type { DbOrTx } from '../../../db.ts';
import { ilike } from '../../accounts/index.ts';

/**
 * The super admin's read model, declared as such: the account search of the super admin screens looks
 * across every account. Tables read: `accounts` (accounts module) and `memberships` (admins module: the
 * e-mails of an account's admins, in the enhanced search). Read-only, one query; all writes go through
 * the accounts and admins modules' services.
 */

/** The super admin's reads across every account (the only code that looks outside one tree). */
export const superAdminReadModel = {
  /** Plain: names and usernames. Enhanced: also e-mail, phone, id and the e-mails of the accounts' admins. */
  async searchAccounts(db: DbOrTx, p: string, enhanced: boolean) {
    return db
      .selectFrom('accounts')
      .selectAll()
      .where('deleted_at', 'is', null)
      .where('temp_user', '=', 0)
      .where((eb) => {
        const conds: Expression<SqlBool>[] = [ilike('account_name', p), ilike('username', p), ilike('name', p)];
        if (enhanced) {
          conds.push(ilike('email', p), ilike('phone_number', p.replace(/[^\d+]/g, '') || p));
          if (/^\d+$/.test(p)) conds.push(eb('id', '=', Number(p)));
          conds.push(
            eb(
              'id',
              'in',
              eb
                .selectFrom('memberships as m')
                .innerJoin('accounts as u', 'u.id', 'm.user_id')
                .select('m.account_id')
                .where(ilike('u.email', p)),
            ),
          );
        }
        return eb.or(conds);
      })
      .orderBy('id')
      .limit(50)
      .execute();
  },
};
