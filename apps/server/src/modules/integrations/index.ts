import type { ServerModule } from '../../platform/http/module.ts';
import type { Services } from '../../services.ts';
import { attributionRoutes } from './attribution.ts';
import { integrationRoutes } from './routes.ts';

export { createIntegrationsService } from './service.ts';
export type { IntegrationsService } from './service.ts';
export { runIntegrationFunction } from './run.ts';
export type { IntegrationsTables } from './tables.ts';

/** Slugs of the account's connected integrations (their functions are the agent's to call). */
export { connectedIntegrations } from './connected.ts';

export { attributionFor } from './attribution.ts';
export { isMcpSlug, mcpApps } from './mcpApps.ts';

export const integrationsModule: ServerModule<Services> = {
  name: 'integrations',
  register(app, s) {
    integrationRoutes(app, s);
    attributionRoutes(app, s);
  },
};
