import {
  authQuery,
  mobileContactsQuery,
  mobileContactsResponse,
  referralRewardsResponse,
  sendInviteBody,
  sendInviteResponse,
} from '@switchboard/core';
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

  route(app, {
    method: 'GET',
    url: '/api/v1/mobileContacts',
    summary: 'People to invite: the phone’s contacts (addresses) or the organization’s contacts, each invitable, invited or a member',
    tags,
    query: mobileContactsQuery,
    response: mobileContactsResponse,
    rateLimit: { max: 60, timeWindow: '1 hour', keyGenerator: perUser },
    handler: (req) => referrals.mobileContacts(authOf(req), req.query.addresses),
  });
}
