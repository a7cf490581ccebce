import type { DbOrTx } from '../../../db.ts';
import { ruleBroken } from '../../../platform/http/errors.ts';
import type { AuthContext } from '../../auth/index.ts';
import { callsRepository, type CallRow } from '../repository.ts';

/** Whose calls the acting account sees: an organization all of its own, an agent its own. */
export type Scope = { accountId: number; agentId: number | null };

export function scopeOf(ctx: AuthContext): Scope {
  return scopeOfAccount(ctx.acting);
}

/** An organization's calls are its own; an agent account's belong to its organization, marked with the agent. */
export function scopeOfAccount(a: Pick<AuthContext['acting'], 'id' | 'account_type' | 'organization_id' | 'parent_id'>): Scope {
  if (a.account_type === 'organization') return { accountId: a.id, agentId: null };
  if (a.account_type === 'agent') {
    const org = a.organization_id ?? a.parent_id;
    if (org != null) return { accountId: org, agentId: a.id };
  }
  throw ruleBroken('Choose an organization or agent account to see its calls.');
}

/** The calls among `ids` the caller's acting account reaches (the access table's `call` lookup). */
export async function callsInReach(
  db: DbOrTx,
  ctx: AuthContext,
  ids: readonly (string | number)[],
): Promise<Map<string | number, CallRow>> {
  const scope = scopeOf(ctx);
  const rows = await callsRepository.byIds(db, ids.map(String));
  const found = new Map<string | number, CallRow>();
  for (const r of rows) if (r.account_id === scope.accountId && (scope.agentId == null || r.agent_id === scope.agentId)) found.set(r.id, r);
  return found;
}
