import { displayName, slugify } from '@switchboard/core';
import { fromJson } from '../../platform/db/columns.ts';
import type { Deps } from '../../deps.ts';
import type { AuthContext } from '../auth/index.ts';
import { AppError, badRequest, forbidden, notFound } from '../../platform/http/errors.ts';
import { ProviderError } from '../../platform/outbox/index.ts';
import { findAccountsByIds, findPrincipalsByEmail, insertAccount, uniqueUsername, type AccountRow } from '../accounts/index.ts';
import type { AuthService } from '../auth/index.ts';
import { normalizeEmail } from '../../platform/http/phone.ts';
import { membershipsRepository } from './repository.ts';

/**
 * Admin users: people granted access to an account. The account's own user (user id equals account
 * id) is its owner; others are invited by e-mail with a one-time sign-in link.
 */
export function createAdminsService(deps: Deps, auth: AuthService) {
  const { db, config } = deps;

  /** Only a path on this site, or a URL on PUBLIC_URL's origin, may follow sign-in (no open redirect). */
  function safeRedirect(raw: string | undefined): string {
    if (!raw) return '/app';
    if (raw.startsWith('/') && !raw.startsWith('//')) return raw;
    try {
      const url = new URL(raw);
      if (url.origin === new URL(config.publicUrl).origin) return url.pathname + url.search;
    } catch {
      /* fall through */
    }
    throw badRequest('redirectUrl: must be a path on this site', 'redirectUrl');
  }

  return {
    async invite(ctx: AuthContext, account: AccountRow, input: { email: string; isOwner?: boolean; redirectUrl?: string }) {
      await deps.requireAccess(ctx, 'canInviteUsers');
      if (input.isOwner && !ctx.permissions.canDeleteOrg) throw forbidden('Only an owner can invite another owner.');
      const email = normalizeEmail(input.email);
      const redirect = safeRedirect(input.redirectUrl);
      const user = await db.transaction().execute(async (trx) => {
        // An e-mail that already signs in somewhere keeps its account; otherwise a user is made for it.
        const existing = (await findPrincipalsByEmail(trx, email))[0];
        const u =
          existing ??
          (await insertAccount(trx, {
            username: await uniqueUsername(trx, slugify(email.split('@')[0]!)),
            accountType: 'user',
            email,
          }));
        if (u.id === account.id) throw badRequest('email: that is the account itself', 'email');
        await membershipsRepository.upsert(trx, { accountId: account.id, userId: u.id, isOwner: !!input.isOwner, invitedBy: ctx.user.id });
        return u;
      });
      const link = `${config.publicUrl}/app?oneTimeToken=${encodeURIComponent(await auth.issueOneTimeToken(user.id, redirect))}`;
      const accountLabel = displayName({
        accountType: account.account_type,
        details: fromJson(account.details, {}),
        accountName: account.account_name,
        username: account.username,
      });
      try {
        await deps.email.send({
          to: email,
          subject: `You have been invited to ${accountLabel} on Switchboard`,
          text: `${displayName({ accountType: ctx.user.account_type, details: fromJson(ctx.user.details, {}), name: ctx.user.name, username: ctx.user.username })} invited you to manage ${accountLabel}${input.isOwner ? ' as an owner' : ''}.\n\nSign in with this link (valid for 10 minutes, once):\n${link}\n\nAfterwards, sign in with your e-mail address.`,
          idempotencyKey: `invite:${account.id}:${user.id}:${Date.now()}`,
        });
      } catch (err) {
        if (err instanceof ProviderError) throw new AppError('rule_broken', `We could not deliver the invitation: ${err.message}`, 'email');
        throw err;
      }
      return { success: true as const, userId: user.id, message: `Invitation sent to ${email}.` };
    },

    async list(ctx: AuthContext) {
      await deps.requireAccess(ctx, 'canViewOrg');
      const memberships = await membershipsRepository.forAccount(db, ctx.acting.id);
      const users = await findAccountsByIds(
        db,
        memberships.map((m) => m.user_id),
      );
      const byId = new Map(users.map((u) => [u.id, u]));
      const self = ctx.acting;
      const rows = [
        ...(self.email && ['organization', 'reseller', 'partner'].includes(self.account_type)
          ? [
              {
                id: self.id,
                email: self.email,
                name: self.name,
                isOwner: true,
                isAccountUser: true,
                pending: false,
                createdAt: Number(self.created_at),
              },
            ]
          : []),
        ...memberships
          .filter((m) => byId.has(m.user_id))
          .map((m) => {
            const u = byId.get(m.user_id)!;
            // Pending: invited, but has not signed in yet (neither the link nor a code proved the e-mail).
            return {
              id: u.id,
              email: u.email,
              name: u.name,
              isOwner: m.is_owner === 1,
              isAccountUser: false,
              pending: u.email_verified !== 1,
              createdAt: Number(m.created_at),
            };
          }),
      ];
      return { success: true as const, users: rows };
    },

    async remove(ctx: AuthContext, targetUserId: number) {
      await deps.requireAccess(ctx, 'canManageUsers');
      if (targetUserId === ctx.acting.id) throw forbidden('The account’s own owner cannot be removed.');
      const m = await membershipsRepository.find(db, ctx.acting.id, targetUserId);
      if (!m) throw notFound('That user is not an admin of this account.');
      if (m.is_owner === 1 && !ctx.permissions.canDeleteOrg) throw forbidden('Only an owner can remove an owner.');
      await membershipsRepository.remove(db, ctx.acting.id, targetUserId);
      return { success: true as const, message: 'Admin user removed.' };
    },
  };
}

export type AdminsService = ReturnType<typeof createAdminsService>;
