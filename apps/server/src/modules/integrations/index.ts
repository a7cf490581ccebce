export { createIntegrationsService } from './service.ts';
export type { IntegrationsTables } from './tables.ts';
