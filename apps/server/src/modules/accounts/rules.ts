import type { Config } from '../../config.ts';
import type { AccountRow } from './repository.ts';

/** The message of a request whose acting account is not of the type the route or action is for. */
export const ACCOUNT_TYPE_MISMATCH = 'Account type does not match';

/** A super admin: an account whose verified email is one of SUPER_ADMIN_EMAILS. */
export function isSuperAdminUser(config: Config, user: AccountRow): boolean {
  return user.email != null && user.email_verified === 1 && config.SUPER_ADMIN_EMAILS.includes(user.email.toLowerCase());
}
