import crypto from 'node:crypto';
import type { Deps } from '../../deps.ts';
import { AppError, conflict } from '../../platform/http/errors.ts';
import { normalizeEmail, toE164 } from '../../platform/http/phone.ts';
import { ProviderError } from '../../platform/outbox/index.ts';
import type { AuthContext } from '../auth/index.ts';
import { referralsRepository } from './repository.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const newCode = () => crypto.randomBytes(6).toString('base64url');

/** Invitations to join (by e-mail or SMS, one per address ever) and the invitations' outcome. */
export function createReferralsService(deps: Deps) {
  const { db, config } = deps;
  const inviteUrl = (code: string) => `${config.publicUrl}/app/signup?ref=${encodeURIComponent(code)}`;

  return {
    async sendInvite(ctx: AuthContext, rawTarget: string) {
      await deps.requireAccess(ctx, 'canInviteUsers');
      const isEmail = rawTarget.includes('@');
      if (isEmail && !EMAIL.test(rawTarget.trim())) throw new AppError('bad_request', 'target: not a valid e-mail address', 'target');
      const channel = isEmail ? ('email' as const) : ('sms' as const);
      const target = isEmail ? normalizeEmail(rawTarget) : toE164(rawTarget, 'target');
      if (await referralsRepository.accountWith(db, channel, target))
        throw conflict('target: this person already has an account.', 'target');
      const code = await referralsRepository.codeOf(db, ctx.acting.id, newCode);
      const row = await referralsRepository.insertInvite(db, { account_id: ctx.acting.id, user_id: ctx.user.id, channel, target });
      if (!row) throw conflict('target: this address has already been invited.', 'target');
      const who = ctx.user.name ?? ctx.acting.account_name ?? 'Someone';
      const text = `${who} invited you to Switchboard, AI phone agents for your business.\n\nJoin here: ${inviteUrl(code)}`;
      // Keyed by the address: whatever happens, one address gets one invitation.
      const idempotencyKey = `referral:${target}`;
      try {
        if (channel === 'email') await deps.email.send({ to: target, subject: `${who} invited you to Switchboard`, text, idempotencyKey });
        else await deps.carrier.sendSms({ to: target, body: text, idempotencyKey });
      } catch (err) {
        // Not delivered: the address may be invited again.
        await referralsRepository.deleteInvite(db, row.id);
        if (err instanceof ProviderError)
          throw new AppError(
            err.retryable ? 'unavailable' : 'rule_broken',
            `target: we could not deliver the invitation: ${err.message}`,
            'target',
          );
        throw err;
      }
      return { success: true as const, message: `Invitation sent to ${target}.`, channel, target };
    },

    async rewards(ctx: AuthContext) {
      await deps.requireAccess(ctx, 'canViewOrg');
      const code = await referralsRepository.codeOf(db, ctx.acting.id, newCode);
      await referralsRepository.attributeJoins(db, ctx.acting.id);
      const rows = await referralsRepository.list(db, ctx.acting.id);
      const invites = rows.map((r) => ({
        id: r.id,
        channel: r.channel === 'sms' ? ('sms' as const) : ('email' as const),
        target: r.target,
        sentAt: Number(r.created_at),
        joined: r.joined_account_id != null,
        joinedAt: r.joined_at == null ? null : Number(r.joined_at),
      }));
      return {
        success: true as const,
        code,
        inviteUrl: inviteUrl(code),
        invited: invites.length,
        joined: invites.filter((i) => i.joined).length,
        invites,
      };
    },
  };
}

export type ReferralsService = ReturnType<typeof createReferralsService>;
