import { ONE_TIME_TOKEN_TTL_MS, slugify } from '@switchboard/core';
import type { Tx } from '../../db.ts';
import type { Deps } from '../../deps.ts';
import { isSuperAdminUser } from '../accounts/index.ts';
import { badRequest, conflict, notFound, unauthorized } from '../../platform/http/errors.ts';
import {
  findAccount,
  findPrincipalsByEmail,
  findPrincipalsByPhone,
  insertAccount,
  uniqueUsername,
  updateAccount,
  type AccountRow,
} from '../accounts/index.ts';
import type { attributeSignup } from '../referrals/index.ts';
import type { AuthContext } from './context.ts';
import { createCodes, type SignupPayload } from './codes.ts';
import { tokensRepository } from './repository.ts';
import { normalizeEmail, toE164 } from '../../platform/http/phone.ts';

const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;
const MOBILE_SESSION_TTL_MS = 365 * 24 * 3600 * 1000;

export interface SignupInput {
  email: string;
  name?: string;
  businessName?: string;
  number?: string;
  accountId?: number;
  externalAccountId?: string;
  tempUserToken?: string;
  /** The referral code of the invite link the person came through (`/app/signup?ref=`). */
  ref?: string;
}

export interface SessionResult {
  success: true;
  token: string;
  id: number;
  accountType: string;
  username: string;
  superAdmin: boolean;
  isNewAccount: boolean;
}

/**
 * Sign-in and verification: sign-up and sign-in by a code (codes.ts) sent to an e-mail address or
 * phone number, sessions, API and one-time tokens, temp users. `attributeSignup`: credits a sign-up
 * to the referral that brought it (referrals sit above auth; wired in services.ts).
 */
export function createAuthService(deps: Deps, ports: { attributeSignup: typeof attributeSignup }) {
  const { attributeSignup } = ports;
  const { db, config } = deps;

  const { sendCode, checkCode, useCode } = createCodes(deps);

  async function startSession(user: AccountRow, mobile: boolean, isNewAccount: boolean): Promise<SessionResult> {
    const superAdmin = isSuperAdminUser(config, user);
    if ((user.super_admin === 1) !== superAdmin) await updateAccount(db, user.id, { super_admin: superAdmin ? 1 : 0 });
    const { value } = await tokensRepository.issue(db, {
      kind: 'session',
      userId: user.id,
      expiresAt: Date.now() + (mobile ? MOBILE_SESSION_TTL_MS : SESSION_TTL_MS),
    });
    return { success: true, token: value, id: user.id, accountType: user.account_type, username: user.username, superAdmin, isNewAccount };
  }

  /** A temp user named by its token, if it still is one. */
  async function tempUserFrom(token: string | undefined): Promise<number | undefined> {
    if (!token) return undefined;
    const t = await tokensRepository.findLiveByValue(db, token);
    if (!t) return undefined;
    const user = await findAccount(db, t.user_id);
    return user?.temp_user === 1 ? user.id : undefined;
  }

  /**
   * Creates the organization a sign-up asked for. A temp user becomes that organization in place, so
   * everything it did as a temp user (its conversations) stays with it.
   */
  async function createOrganizationFor(
    trx: Tx,
    p: SignupPayload & { email?: string; emailVerified?: boolean; phone?: string; phoneVerified?: boolean },
  ): Promise<AccountRow> {
    const parent = p.parentId ? await findAccount(trx, p.parentId) : undefined;
    const partnerId = parent ? (parent.account_type === 'partner' ? parent.id : parent.partner_id) : null;
    const resellerId = parent?.account_type === 'reseller' ? parent.id : null;
    const base = slugify(p.businessName || p.name || p.email?.split('@')[0] || 'org');
    const username = await uniqueUsername(trx, base);
    const details = {
      name: p.name ?? null,
      fullName: p.name ?? null,
      orgName: p.businessName ?? null,
      accountName: p.businessName ?? null,
    };
    const fields = {
      username,
      account_type: 'organization',
      parent_id: parent?.id ?? null,
      partner_id: partnerId ?? null,
      reseller_id: resellerId,
      email: p.email ?? null,
      email_verified: p.emailVerified ? 1 : 0,
      phone_number: p.phone ?? p.number ?? null,
      phone_number_verified: p.phoneVerified ? 1 : 0,
      temp_user: 0,
      name: p.name ?? null,
      account_name: p.businessName ?? p.name ?? null,
      details,
      external_account_id: p.externalAccountId ?? null,
    };
    const temp = p.tempUserId ? await findAccount(trx, p.tempUserId) : undefined;
    if (temp?.temp_user === 1) {
      return updateAccount(trx, temp.id, { ...fields, organization_id: temp.id });
    }
    const created = await insertAccount(trx, {
      username,
      accountType: 'organization',
      parentId: parent?.id ?? null,
      partnerId,
      resellerId,
      email: p.email,
      emailVerified: p.emailVerified,
      phoneNumber: fields.phone_number,
      phoneNumberVerified: p.phoneVerified,
      name: p.name,
      accountName: fields.account_name,
      details,
      externalAccountId: p.externalAccountId,
    });
    return updateAccount(trx, created.id, { organization_id: created.id });
  }

  return {
    /** Ends a session (its token revoked). */
    async signOut(tokenId: string): Promise<void> {
      await tokensRepository.revokeById(db, tokenId);
    },

    /** The API tokens of the acting account (what the developer page lists). */
    async apiTokens(ctx: AuthContext) {
      await deps.requireAccess(ctx, 'canViewOrg');
      const rows = await tokensRepository.listApiTokens(db, ctx.acting.id);
      return rows.map((t) => ({
        id: t.id,
        description: t.description,
        type: t.api_type,
        preview: t.preview,
        createdAt: Number(t.created_at),
        lastUsedAt: t.last_used_at == null ? null : Number(t.last_used_at),
      }));
    },

    /** Issues an API token for the acting account, made by the signed-in user (its value is returned once). */
    async issueApiToken(ctx: AuthContext, input: { description: string; type: 'api' | 'sip' | 'webhook' }) {
      await deps.requireAccess(ctx, 'canEditOrg');
      if (ctx.token.kind === 'api') throw badRequest('An API token cannot create other tokens. Sign in to create one.');
      return tokensRepository.issue(db, {
        kind: 'api',
        userId: ctx.user.id,
        accountId: ctx.acting.id,
        description: input.description,
        apiType: input.type,
      });
    },

    /**
     * Revokes one of the acting account's API tokens, named by its id (tok_…) or its value (found by its
     * hash; only an API token counts). False when the account has no such token.
     */
    async revokeApiToken(ctx: AuthContext, given: string): Promise<boolean> {
      await deps.requireAccess(ctx, 'canEditOrg');
      let id = given;
      if (!given.startsWith('tok_')) {
        const row = await tokensRepository.findLiveByValue(db, given);
        id = row?.kind === 'api' ? row.id : '';
      }
      return id !== '' && (await tokensRepository.revokeApiToken(db, ctx.acting.id, id));
    },

    async signupEmail(input: SignupInput) {
      const email = normalizeEmail(input.email);
      if ((await findPrincipalsByEmail(db, email)).length > 0) {
        throw conflict('An account with this e-mail already exists. Sign in instead.', 'email');
      }
      const number = input.number ? toE164(input.number, 'number') : undefined;
      if (input.accountId != null) {
        const parent = await findAccount(db, input.accountId);
        if (!parent || !['partner', 'reseller'].includes(parent.account_type)) {
          throw badRequest('accountId: not a partner or reseller account', 'accountId');
        }
      }
      const payload: SignupPayload = {
        name: input.name?.trim() || undefined,
        businessName: input.businessName?.trim() || undefined,
        number,
        parentId: input.accountId,
        externalAccountId: input.externalAccountId,
        tempUserId: await tempUserFrom(input.tempUserToken),
        ref: input.ref,
      };
      await sendCode({ channel: 'email', address: email, purpose: 'signup', payload, field: 'email' });
      return { success: true as const, message: `We sent a 6-digit code to ${email}.` };
    },

    async signinEmail(input: { email: string; accountId?: number }) {
      const email = normalizeEmail(input.email);
      const principals = await findPrincipalsByEmail(db, email);
      // The same answer whether or not an account uses the address (sign-in must not reveal accounts):
      // the mailbox, not the page, learns that there is none. The same per-address limits apply.
      const noAccount = principals.length === 0 || (input.accountId != null && !principals.some((p) => p.id === input.accountId));
      await sendCode({
        channel: 'email',
        address: email,
        purpose: 'signin',
        payload: { accountId: input.accountId },
        field: 'email',
        noAccount,
      });
      return { success: true as const, message: `We sent a 6-digit code to ${email}.` };
    },

    async verifyEmail(input: { email: string; verificationCode: string; mobile?: boolean }): Promise<SessionResult> {
      const email = normalizeEmail(input.email);
      const { row, payload } = await checkCode(email, ['signup', 'signin'], input.verificationCode);
      if (row.purpose === 'signup') {
        const user = await db.transaction().execute(async (trx) => {
          await useCode(trx, row);
          if ((await findPrincipalsByEmail(trx, email)).length > 0) {
            throw conflict('An account with this e-mail already exists. Sign in instead.', 'email');
          }
          const made = await createOrganizationFor(trx, { ...payload, email, emailVerified: true });
          await attributeSignup(trx, payload.ref, made);
          return made;
        });
        return startSession(user, !!input.mobile, true);
      }
      const principals = await findPrincipalsByEmail(db, email);
      const user = principals.find((p) => p.id === payload.accountId) ?? principals[0];
      if (!user) throw notFound('No account uses this e-mail. Sign up instead.');
      if (user.disabled_at != null) throw unauthorized('This account is disabled.');
      const verified = await db.transaction().execute(async (trx) => {
        await useCode(trx, row);
        return user.email_verified === 1 ? user : updateAccount(trx, user.id, { email_verified: 1 });
      });
      return startSession(verified, !!input.mobile, false);
    },

    async signinPhone(input: { phoneNumber: string; tempUserToken?: string; ref?: string }) {
      const phone = toE164(input.phoneNumber, 'phoneNumber');
      await sendCode({
        channel: 'sms',
        address: phone,
        purpose: 'phone_signin',
        payload: { tempUserId: await tempUserFrom(input.tempUserToken), ref: input.ref },
        field: 'phoneNumber',
      });
      return { success: true as const, message: `We texted a 6-digit code to ${phone}.` };
    },

    /** Signs in the account with this verified number, or signs up a new organization for it. */
    async verifyPhone(input: { phoneNumber: string; verificationCode: string; mobile?: boolean }): Promise<SessionResult> {
      const phone = toE164(input.phoneNumber, 'phoneNumber');
      const { row, payload } = await checkCode(phone, ['phone_signin'], input.verificationCode);
      const existing = (await findPrincipalsByPhone(db, phone))[0];
      if (existing) {
        if (existing.disabled_at != null) throw unauthorized('This account is disabled.');
        await useCode(db, row);
        return startSession(existing, !!input.mobile, false);
      }
      const user = await db.transaction().execute(async (trx) => {
        await useCode(trx, row);
        const made = await createOrganizationFor(trx, { ...payload, phone, phoneVerified: true });
        await attributeSignup(trx, payload.ref, made);
        return made;
      });
      return startSession(user, !!input.mobile, true);
    },

    /** An anonymous temporary user with its own session (public chat visitors, try-before-sign-up). */
    async allocateTempUser() {
      const user = await db.transaction().execute(async (trx) => {
        const username = await uniqueUsername(trx, `guest-${Math.random().toString(36).slice(2, 10)}`);
        return insertAccount(trx, { username, accountType: 'user', tempUser: true });
      });
      const { value } = await tokensRepository.issue(db, { kind: 'session', userId: user.id, expiresAt: Date.now() + SESSION_TTL_MS });
      return { success: true as const, id: user.id, token: value };
    },

    async issueOneTimeToken(userId: number, redirectUrl: string | null): Promise<string> {
      const { value } = await tokensRepository.issue(db, {
        kind: 'one_time',
        userId,
        redirectUrl,
        expiresAt: Date.now() + ONE_TIME_TOKEN_TTL_MS,
      });
      return value;
    },

    /** Exchanges a one-time token (single use, ten minutes) for a session. */
    async oneTimeAuth(oneTimeToken: string) {
      const t = await tokensRepository.findLiveByValue(db, oneTimeToken);
      if (!t || t.kind !== 'one_time' || t.consumed_at != null) {
        throw unauthorized('This sign-in link has expired or was already used.');
      }
      if (!(await tokensRepository.consume(db, t.id))) throw unauthorized('This sign-in link has expired or was already used.');
      const user = await findAccount(db, t.user_id);
      if (!user || user.disabled_at != null) throw unauthorized('This account is disabled.');
      // Following the link proves the e-mail.
      const verified = user.email && user.email_verified !== 1 ? await updateAccount(db, user.id, { email_verified: 1 }) : user;
      return { ...(await startSession(verified, false, false)), redirectUrl: t.redirect_url };
    },

    /** Verification of the acting account's own phone number or e-mail (setting it is an edit of the account). */
    async requestVerification(ctx: AuthContext, channel: 'email' | 'sms', rawAddress: string) {
      await deps.requireAccess(ctx, 'canEditOrg');
      const account = ctx.acting;
      const field = channel === 'sms' ? 'phoneNumber' : 'email';
      const address = channel === 'sms' ? toE164(rawAddress, field) : normalizeEmail(rawAddress);
      await sendCode({ channel, address, purpose: channel === 'sms' ? 'verify_phone' : 'verify_email', accountId: account.id, field });
      return { success: true as const, message: `We sent a 6-digit code to ${address}.` };
    },

    async validateVerification(ctx: AuthContext, channel: 'email' | 'sms', rawAddress: string, code: string) {
      await deps.requireAccess(ctx, 'canEditOrg');
      const account = ctx.acting;
      const field = channel === 'sms' ? 'phoneNumber' : 'email';
      const address = channel === 'sms' ? toE164(rawAddress, field) : normalizeEmail(rawAddress);
      const { row } = await checkCode(address, [channel === 'sms' ? 'verify_phone' : 'verify_email'], code, account.id);
      return db.transaction().execute(async (trx) => {
        await useCode(trx, row);
        return updateAccount(
          trx,
          account.id,
          channel === 'sms' ? { phone_number: address, phone_number_verified: 1 } : { email: address, email_verified: 1 },
        );
      });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
