import type { Deps } from '../../deps.ts';
import { createAppsService } from '../apps/index.ts';
import { createTemplatesService } from '../templates/index.ts';
import type { AgentRuntime } from './runtime.ts';
import { createAgentsService, type BeforePublish } from './service.ts';

/** The agent domains' services: configuration, templates, apps (versions, above agents, and integrations: services.ts). */
export function createAgentDomain(deps: Deps, runtime: AgentRuntime, beforePublish?: BeforePublish) {
  const agents = createAgentsService(deps, runtime, beforePublish);
  return {
    agents,
    templates: createTemplatesService(deps, agents),
    apps: createAppsService(deps),
  };
}

export type AgentDomain = ReturnType<typeof createAgentDomain>;
