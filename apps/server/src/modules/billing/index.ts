import type { ServerModule } from '../../platform/http/module.ts';
import type { Services } from '../../services.ts';
import { billingRoutes } from './routes.ts';

export { createBillingService, periodEnd } from './service.ts';
export type { BillingService } from './service.ts';
export type { BillingTables } from './tables.ts';

export const billingModule: ServerModule<Services> = { name: 'billing', register: billingRoutes };
