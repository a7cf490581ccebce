import { idParam, targetParams, tokenParams } from '@switchboard/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { authOf } from './context.ts';
import { badRequest } from '../../platform/http/errors.ts';
import { ok, route, withAuthParams } from '../../platform/http/route.ts';
import type { Services } from '../../services.ts';

const tags = ['auth'];
const email = z.email('Please enter a valid e-mail address.').max(320);
const code = z.string().min(1, 'Please enter the code.').max(12);
const session = z.looseObject({
  success: z.literal(true),
  token: z.string(),
  id: z.number(),
  accountType: z.string(),
  username: z.string(),
  superAdmin: z.boolean(),
  isNewAccount: z.boolean(),
});

export function authRoutes(app: FastifyInstance, s: Services, signinLimit: { max: number; timeWindow: string }) {
  route(app, {
    method: 'GET',
    url: '/api/v1/allocateTempUserSession',
    summary: 'Allocate an anonymous temporary user session',
    tags,
    auth: 'none',
    rateLimit: signinLimit,
    response: z.object({ success: z.literal(true), id: z.number(), token: z.string() }),
    handler: () => s.auth.allocateTempUser(),
  });

  route(app, {
    method: 'GET',
    url: '/api/v1/oneTimeAuth',
    summary: 'Exchange a one-time token for a session',
    tags,
    auth: 'none',
    rateLimit: signinLimit,
    query: z.object({ oneTimeToken: z.string().min(1) }),
    response: session,
    handler: (req) => s.auth.oneTimeAuth(req.query.oneTimeToken),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/signup/email',
    summary: 'Sign up with an e-mail address (sends a code)',
    tags,
    auth: 'none',
    rateLimit: signinLimit,
    body: z.object({
      email,
      name: z.string().max(120).optional(),
      businessName: z.string().max(120).optional(),
      number: z.string().max(32).optional(),
      accountId: idParam.optional(),
      externalAccountId: z.string().max(200).optional(),
      tempUserToken: z.string().max(200).optional(),
      ref: z.string().max(64).optional(),
    }),
    response: ok,
    handler: (req) => s.auth.signupEmail(req.body),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/signin/email',
    summary: 'Sign in with an e-mail address (sends a code)',
    tags,
    auth: 'none',
    rateLimit: signinLimit,
    body: z.object({ email, accountId: idParam.optional() }),
    response: ok,
    handler: (req) => s.auth.signinEmail(req.body),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/email/verify',
    summary: 'Submit the e-mail code; answers a session',
    tags,
    auth: 'none',
    rateLimit: signinLimit,
    body: z.object({ email, verificationCode: code, mobile: z.boolean().optional() }),
    response: session,
    handler: (req) => s.auth.verifyEmail(req.body),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/signin/phoneNumber',
    summary: 'Sign in or up with a phone number (texts a code)',
    tags,
    auth: 'none',
    rateLimit: signinLimit,
    body: z.object({
      phoneNumber: z.string().min(1, 'Please enter a phone number.').max(32),
      tempUserToken: z.string().max(200).optional(),
      ref: z.string().max(64).optional(),
    }),
    response: ok,
    handler: (req) => s.auth.signinPhone(req.body),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/signin/phoneNumber/verify',
    summary: 'Submit the SMS code; answers a session',
    tags,
    auth: 'none',
    rateLimit: signinLimit,
    body: z.object({ phoneNumber: z.string().min(1).max(32), verificationCode: code, mobile: z.boolean().optional() }),
    response: session,
    handler: (req) => s.auth.verifyPhone(req.body),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/signout',
    summary: 'End this session',
    tags,
    response: ok,
    handler: async (req) => {
      await s.auth.signOut(authOf(req).token.id);
      return { success: true as const };
    },
  });

  // Verifying the signed-in account's own phone number and e-mail.
  route(app, {
    method: 'POST',
    url: '/api/v1/phoneNumber/requestVerificationCode',
    summary: 'Text a code to verify the account phone number',
    tags,
    rateLimit: signinLimit,
    body: withAuthParams({ phoneNumber: z.string().min(1, 'Please enter a phone number.').max(32) }),
    response: ok,
    handler: (req) => s.auth.requestVerification(authOf(req), 'sms', req.body.phoneNumber),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/phoneNumber/validateVerificationCode',
    summary: 'Submit the code; marks the phone number verified',
    tags,
    rateLimit: signinLimit,
    body: withAuthParams({ phoneNumber: z.string().min(1).max(32), verificationCode: code }),
    handler: async (req) => {
      const ctx = authOf(req);
      const row = await s.auth.validateVerification(ctx, 'sms', req.body.phoneNumber, req.body.verificationCode);
      return s.accounts.view(ctx, row);
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/email/requestVerificationCode',
    summary: 'E-mail a code to verify the account e-mail',
    tags,
    rateLimit: signinLimit,
    body: withAuthParams({ email }),
    response: ok,
    handler: (req) => s.auth.requestVerification(authOf(req), 'email', req.body.email),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/email/validateVerificationCode',
    summary: 'Submit the code; sets and verifies the account e-mail',
    tags,
    rateLimit: signinLimit,
    body: withAuthParams({ email, verificationCode: code }),
    handler: async (req) => {
      const ctx = authOf(req);
      const row = await s.auth.validateVerification(ctx, 'email', req.body.email, req.body.verificationCode);
      return s.accounts.view(ctx, row);
    },
  });

  // API tokens of the acting account: the value is shown once, at creation.
  const apiToken = z.object({
    id: z.string(),
    description: z.string().nullable(),
    type: z.string().nullable(),
    preview: z.string().nullable(),
    createdAt: z.number(),
    lastUsedAt: z.number().nullable(),
  });
  route(app, {
    method: 'GET',
    url: '/api/v2/tokens',
    summary: 'List API tokens',
    tags: ['developer'],
    response: z.object({ success: z.literal(true), tokens: z.array(apiToken) }),
    handler: async (req) => {
      return { success: true as const, tokens: await s.auth.apiTokens(authOf(req)) };
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/v2/tokens',
    summary: 'Create an API token (the value is shown once)',
    tags: ['developer'],
    body: withAuthParams({
      description: z.string().trim().min(1, 'Please describe what the token is for.').max(200),
      type: z.enum(['api', 'sip', 'webhook']).default('api'),
    }),
    handler: async (req) => {
      const { id, value } = await s.auth.issueApiToken(authOf(req), { description: req.body.description, type: req.body.type });
      return { success: true as const, id, token: value, description: req.body.description, type: req.body.type };
    },
  });

  route(app, {
    method: 'DELETE',
    url: '/api/v2/tokens',
    summary:
      "Revoke an API token: the body's `token` is the token itself (spec §7) or its id (tok_…); `tokenId` (body or query) its id. The query's `token` stays the caller's own.",
    tags: ['developer'],
    query: withAuthParams({ tokenId: z.string().max(100).optional() }),
    body: z
      .object({ ...tokenParams, ...targetParams, token: z.string().max(200).optional(), tokenId: z.string().max(100).optional() })
      .nullish(),
    handler: async (req) => {
      const ctx = authOf(req);
      const given = req.body?.tokenId ?? req.body?.token ?? req.query.tokenId;
      if (!given) throw badRequest('token: give the token to revoke (its value, or its id tok_…)', 'token');
      if (!(await s.auth.revokeApiToken(ctx, given))) {
        throw badRequest('token: no such token on this account', 'token');
      }
      return { success: true as const, message: 'Token revoked.' };
    },
  });
}
