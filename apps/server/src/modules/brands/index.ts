import type { ServerModule } from '../../platform/http/module.ts';
import type { Services } from '../../services.ts';
import { domainRoutes } from './routes.ts';

export { createDomainsService } from './service.ts';
export { domainsRepository } from './repository.ts';
export type { BrandsTables } from './tables.ts';

export const brandsModule: ServerModule<Services> = { name: 'brands', register: domainRoutes };
