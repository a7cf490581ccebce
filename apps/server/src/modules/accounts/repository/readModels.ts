import { sql, type ExpressionBuilder } from 'kysely';
import type { Database } from '../../../db.ts';

/**
 * Accounts' read model of another module's table, declared as such: the account list's usage filters
 * (superadmin's "used at least / at most") sum `usage_daily`, the daily counters stats owns and writes.
 * Accounts sit at the bottom of the module graph and cannot call stats, so the sum is read here, as a
 * subquery of the list's own query. Read-only: usage is written only through stats' `recordUsage`.
 */

/**
 * The usage of an organization for these items in [from, to) (months as YYYY-MM-DD), for filters: its
 * own counters and its agents' (usage is kept on the account that used it, see modules/stats).
 */
export function usageSum(eb: ExpressionBuilder<Database, 'accounts'>, items: string[], from?: string, to?: string) {
  let q = eb
    .selectFrom('usage_daily as u')
    .innerJoin('accounts as owner', 'owner.id', 'u.account_id')
    .select(sql<number>`coalesce(sum(u.quantity), 0)`.as('q'))
    .whereRef('owner.organization_id', '=', 'accounts.id')
    .where('u.item', 'in', items);
  if (from) q = q.where('u.date', '>=', from);
  if (to) q = q.where('u.date', '<', to);
  return q;
}
