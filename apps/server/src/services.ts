import type { Deps } from './deps.ts';
import { createInbox } from './domains/conversations/inbox.ts';
import { createDomainsService } from './domains/domains/service.ts';
import { createAccountsService } from './domains/accounts/service.ts';
import { createSuperAdminService } from './domains/admin/service.ts';
import { createAdminsService } from './domains/admins/service.ts';
import { createAuthService } from './domains/auth/service.ts';
import { createAgentRuntime } from './domains/agents/runtime.ts';
import { createAgentDomain } from './domains/agents/domain.ts';

/** Every domain service, built once from the dependencies. */
export function createServices(deps: Deps) {
  const auth = createAuthService(deps);
  const admins = createAdminsService(deps, auth);
  const accounts = createAccountsService(deps, admins);
  const superAdmin = createSuperAdminService(deps);
  const domains = createDomainsService(deps);
  const agentRuntime = createAgentRuntime(deps);
  const agentDomain = createAgentDomain(deps, agentRuntime);
  const inbox = createInbox(deps);
  return { deps, inbox, auth, admins, accounts, superAdmin, domains, agentRuntime, agentDomain };
}

export type Services = ReturnType<typeof createServices>;
