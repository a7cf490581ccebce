import { authQuery, referralRewardsResponse, sendInviteBody, sendInviteResponse } from '@switchboard/core';
import type { FastifyInstance } from 'fastify';
import { perUser, route } from '../../platform/http/route.ts';
import { authOf } from '../auth/index.ts';
import type { ReferralsService } from './service.ts';

const tags = ['referrals'];

export function referralRoutes(app: FastifyInstance, referrals: ReferralsService, perHour: number) {
  route(app, {
    method: 'GET',
    url: '/api/v1/referralRewards',
    summary: 'The referral code and link, the invitations sent, and who joined through them',
    tags,
    query: authQuery,
    response: referralRewardsResponse,
    handler: (req) => referrals.rewards(authOf(req)),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/sendInvite',
    summary: 'Invite someone by e-mail or SMS (`target`); one invitation per address, ever',
    tags,
    body: sendInviteBody,
    response: sendInviteResponse,
    rateLimit: { max: perHour, timeWindow: '1 hour', keyGenerator: perUser },
    handler: (req) => referrals.sendInvite(authOf(req), req.body.target),
  });
}
