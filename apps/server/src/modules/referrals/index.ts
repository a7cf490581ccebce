import type { ServerModule } from '../../platform/http/module.ts';
import type { Services } from '../../services.ts';
import { referralRoutes } from './routes.ts';

export type { ReferralsTables } from './tables.ts';
export { createReferralsService, type ReferralsService } from './service.ts';

/** Max invitations a user sends per hour. */
export const INVITES_PER_HOUR = 20;

/** Referrals (issue 16): invitations by e-mail or SMS, and who joined through them. */
export const referralsModule: ServerModule<Services> = {
  name: 'referrals',
  register: (app, s) => referralRoutes(app, s.referrals, INVITES_PER_HOUR),
};
