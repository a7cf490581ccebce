import crypto from 'node:crypto';
import type { Deps } from '../../deps.ts';
import { AppError, conflict } from '../../platform/http/errors.ts';
import { normalizeEmail, normalizePhone, toE164 } from '../../platform/http/phone.ts';
import { ProviderError } from '../../platform/outbox/index.ts';
import type { AuthContext } from '../auth/index.ts';
import { contactChannelsOf } from '../contacts/index.ts';
import { hashInviteCode } from './attribution.ts';
import { monthStart, REFERRAL_QUALIFYING_PAYMENT_MICRO_USD, REFERRAL_REWARD_MICRO_USD, REFERRAL_REWARDS_PER_MONTH } from './constants.ts';
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
      // The invitation's own code: its link attributes the sign-up to it whatever address the person uses.
      const code = crypto.randomBytes(12).toString('base64url');
      const row = await referralsRepository.insertInvite(db, {
        account_id: ctx.acting.id,
        user_id: ctx.user.id,
        channel,
        target,
        code_hash: hashInviteCode(code),
      });
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
      await referralsRepository.syncClaimed(db, ctx.acting.id);
      const rows = await referralsRepository.list(db, ctx.acting.id);
      const invites = rows.map((r) => ({
        id: r.id,
        channel: r.channel === 'sms' ? ('sms' as const) : ('email' as const),
        target: r.target,
        sentAt: Number(r.created_at),
        joined: r.joined_account_id != null,
        joinedAt: r.joined_at == null ? null : Number(r.joined_at),
        rewardMicroUsd: Number(r.reward_micro_usd ?? 0),
        paidAt: r.rewarded_at == null ? null : Number(r.rewarded_at),
        claimedAt: r.claimed_at == null ? null : Number(r.claimed_at),
      }));
      const earned = invites.reduce((sum, i) => sum + i.rewardMicroUsd, 0);
      const claimed = invites.reduce((sum, i) => sum + (i.claimedAt != null ? i.rewardMicroUsd : 0), 0);
      return {
        success: true as const,
        code,
        inviteUrl: inviteUrl(code),
        invited: invites.length,
        joined: invites.filter((i) => i.joined).length,
        invites,
        earnedMicroUsd: earned,
        claimedMicroUsd: claimed,
        claimableMicroUsd: earned - claimed,
        rules: {
          rewardMicroUsd: REFERRAL_REWARD_MICRO_USD,
          qualifyingPaymentMicroUsd: REFERRAL_QUALIFYING_PAYMENT_MICRO_USD,
          perMonth: REFERRAL_REWARDS_PER_MONTH,
          rewardedThisMonth: await referralsRepository.rewardedSince(db, ctx.acting.id, monthStart(Date.now())),
        },
      };
    },

    /**
     * Invitation candidates: the given addresses (the phone's contacts, read through the native bridge), or
     * else the organization's contacts; each with whether it can be invited, was invited, or has an account.
     */
    async mobileContacts(ctx: AuthContext, addresses: string | undefined) {
      await deps.requireAccess(ctx, 'canInviteUsers');
      let people: { name: string | null; raw: string }[];
      if (addresses != null) {
        const list = addresses
          .split(',')
          .map((a) => a.trim())
          .filter(Boolean);
        if (list.length > 200) throw new AppError('bad_request', 'addresses: at most 200 at a time.', 'addresses');
        people = list.map((raw) => ({ name: null, raw }));
      } else {
        const org = ctx.acting.organization_id ?? ctx.acting.id;
        const contacts = await contactChannelsOf(db, org, 500);
        people = contacts.flatMap((c) => c.keys.map((k) => ({ name: c.name, raw: k.slice(k.indexOf(':') + 1) })));
      }
      const seen = new Set<string>();
      const candidates: { name: string | null; target: string; channel: 'email' | 'sms' }[] = [];
      for (const p of people) {
        const isEmail = p.raw.includes('@');
        const target = isEmail ? (EMAIL.test(p.raw) ? normalizeEmail(p.raw) : null) : normalizePhone(p.raw);
        if (!target || seen.has(target)) continue;
        seen.add(target);
        candidates.push({ name: p.name, target, channel: isEmail ? 'email' : 'sms' });
      }
      const targets = candidates.map((c) => c.target);
      const [invited, members] = await Promise.all([
        referralsRepository.invitedAmong(db, targets),
        referralsRepository.membersAmong(
          db,
          candidates.filter((c) => c.channel === 'email').map((c) => c.target),
          candidates.filter((c) => c.channel === 'sms').map((c) => c.target),
        ),
      ]);
      return {
        success: true as const,
        contacts: candidates.map((c) => ({
          ...c,
          status: members.has(c.target) ? ('member' as const) : invited.has(c.target) ? ('invited' as const) : ('invitable' as const),
        })),
      };
    },
  };
}

export type ReferralsService = ReturnType<typeof createReferralsService>;
