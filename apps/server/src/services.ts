import type { Deps } from './deps.ts';
import { createBackground } from './platform/background.ts';
import { createConversationsService } from './modules/conversations/index.ts';
import { createNotificationsService } from './modules/notifications/index.ts';
import { createNumbersService } from './modules/numbers/index.ts';
import { createSearchService } from './modules/search/index.ts';
import { createDomainsService } from './modules/brands/index.ts';
import { createAccountsService } from './modules/accounts/index.ts';
import { createSuperAdminService } from './modules/admin/index.ts';
import { createAdminsService } from './modules/admins/index.ts';
import { createAuthService } from './modules/auth/index.ts';
import { createAgentDomain, createAgentRuntime } from './modules/agents/index.ts';
import { createLinkpagesService, createRecorder } from './modules/linkpages/index.ts';
import { createReferralsService } from './modules/referrals/index.ts';

/** Every domain service, built once from the dependencies. */
export function createServices(deps: Deps) {
  const auth = createAuthService(deps);
  const admins = createAdminsService(deps, auth);
  const accounts = createAccountsService(deps, admins);
  const superAdmin = createSuperAdminService(deps);
  const domains = createDomainsService(deps);
  const agentRuntime = createAgentRuntime(deps);
  const agentDomain = createAgentDomain(deps, agentRuntime);
  const notifications = createNotificationsService(deps);
  const numbers = createNumbersService(deps);
  const search = createSearchService(deps);
  const linkpages = createLinkpagesService(deps, createRecorder(deps));
  const referrals = createReferralsService(deps);
  // The live inbox: the platform's queue, bus, hub and unit of work, and the conversations on top.
  const background = createBackground(deps.db, deps.config, deps.log);
  const inbox = { ...background, conversations: createConversationsService(deps, background) };
  return { deps, inbox, auth, admins, accounts, superAdmin, domains, agentRuntime, agentDomain, notifications, numbers, search, linkpages, referrals };
}

export type Services = ReturnType<typeof createServices>;
