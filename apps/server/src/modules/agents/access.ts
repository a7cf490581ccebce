import { selfAndAncestors, toAccountRef } from '@switchboard/core';
import type { FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.ts';
import { authInputOf, authOf, resolveAuth, type AuthContext } from '../auth/index.ts';
import { unauthorized } from '../../platform/http/errors.ts';
import { findAccount } from '../accounts/index.ts';

/**
 * The auth context for an account named in a path or body (`/agent/{id}/versions`, runPrompt's
 * targetAgent) rather than in targetAccountId: the one resolver (auth/context.ts) runs again with that
 * account as the target, so the tree check stays in one place.
 */
export async function authForAccount(deps: Deps, req: FastifyRequest, accountId: number): Promise<AuthContext> {
  const ctx = authOf(req);
  if (ctx.acting.id === accountId) return ctx;
  const again = await resolveAuth(deps.db, deps.config, { ...authInputOf(req), targets: { targetAccountId: String(accountId) } });
  if (!again) throw unauthorized();
  return again;
}

/** A reseller, partner or super admin working on an account below it (spec §6 template replacement). */
export async function actsAsReseller(deps: Deps, ctx: AuthContext): Promise<boolean> {
  if (ctx.isSuperAdmin) return true;
  const chain = selfAndAncestors(toAccountRef(ctx.acting));
  const root = ctx.rootIds.find((id) => chain.includes(id));
  if (root == null || root === ctx.acting.id) return ['reseller', 'partner'].includes(ctx.acting.account_type);
  const row = root === ctx.user.id ? ctx.user : await findAccount(deps.db, root);
  return row != null && ['reseller', 'partner'].includes(row.account_type);
}
