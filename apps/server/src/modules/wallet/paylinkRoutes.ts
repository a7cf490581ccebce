import { claimRewardsResponse, payAccountResponse, paymentSlugResponse } from '@switchboard/core/contracts/payouts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { route, withAuthParams } from '../../platform/http/route.ts';
import type { Services } from '../../services.ts';
import { authOf } from '../auth/index.ts';

/** Spec §7 Pay links (the account by username, the caller's slug) and Wallet claimRewards. */
export function payLinkRoutes(app: FastifyInstance, s: Services): void {
  const links = s.wallet.payLinks;
  const tags = ['wallet'];
  route(app, {
    method: 'GET',
    url: '/api/v1/account/:username',
    summary: 'The account a pay link pays (404: no such account)',
    tags,
    auth: 'none',
    // Public: limited per client IP so usernames cannot be walked quickly.
    rateLimit: { max: 60, timeWindow: '1 minute' },
    params: z.object({ username: z.string().min(1).max(100) }),
    response: payAccountResponse,
    handler: async (req) => links.account(req.params.username),
  });
  route(app, {
    method: 'POST',
    url: '/api/v1/fetchPaymentSlug',
    summary: "The caller's pay link (its slug and public page)",
    tags,
    actingTypes: ['organization', 'reseller', 'partner'],
    body: withAuthParams({}),
    response: paymentSlugResponse,
    handler: async (req) => links.fetchPaymentSlug(authOf(req)),
  });
  route(app, {
    method: 'POST',
    url: '/api/v1/claimRewards',
    summary: 'Claim earned rewards (referrals that led to a sign-up) into the wallet, each once',
    tags,
    actingTypes: ['organization', 'reseller', 'partner'],
    body: withAuthParams({ claim: z.enum(['referrals', 'all'], { error: 'must be referrals or all' }).default('all') }),
    response: claimRewardsResponse,
    handler: async (req) => links.claimRewards(authOf(req), req.body.claim),
  });
}
