import type { ServerModule } from '../../platform/http/module.ts';
import type { Services } from '../../services.ts';
import { authRoutes } from './routes.ts';
import { tokensRepository } from './repository.ts';

export { authInputOf, authOf, registerAuth, requirePermission, resolveAuth } from './context.ts';
// Rules on account rows, kept by accounts (below auth) and offered here too where callers look for them.
export { ACCOUNT_TYPE_MISMATCH, isSuperAdminUser } from '../accounts/index.ts';
export type { AuthContext } from './context.ts';
export { createAuthService } from './service.ts';
export type { AuthService } from './service.ts';
export type { AuthTables } from './tables.ts';

export const authModule: ServerModule<Services> = {
  name: 'auth',
  register: (app, s) => authRoutes(app, s, { max: s.deps.config.SIGNIN_RATE_LIMIT, timeWindow: '1 minute' }),
};

/** What other modules may do with this module's rows: named functions, never the repository itself. */
export const revokeTokensOf = tokensRepository.revokeAllFor.bind(tokensRepository);
export const liveTokenIds = tokensRepository.liveIds.bind(tokensRepository);
export const issueToken = tokensRepository.issue.bind(tokensRepository);
