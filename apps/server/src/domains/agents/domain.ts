import type { Deps } from '../../deps.ts';
import { createAppsService } from '../apps/service.ts';
import { createIntegrationsService } from '../integrations/service.ts';
import { createTemplatesService } from '../templates/service.ts';
import { createVersionsService } from '../versions/service.ts';
import type { AgentRuntime } from './runtime.ts';
import { createAgentsService } from './service.ts';

/** The agent domains' services: configuration, versions, templates, apps, integrations. */
export function createAgentDomain(deps: Deps, runtime: AgentRuntime) {
  const agents = createAgentsService(deps, runtime);
  return {
    agents,
    versions: createVersionsService(deps, agents),
    templates: createTemplatesService(deps, agents),
    apps: createAppsService(deps),
    integrations: createIntegrationsService(deps),
  };
}

export type AgentDomain = ReturnType<typeof createAgentDomain>;
