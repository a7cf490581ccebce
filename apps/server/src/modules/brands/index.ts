import type { ServerModule } from '../../platform/http/module.ts';
import type { Services } from '../../services.ts';
import { brandRoutes } from './routes.ts';
import { brandDomainsRepository } from './repository.ts';

export { createBrandsService } from './service.ts';
export type { BrandsTables } from './tables.ts';

export const brandsModule: ServerModule<Services> = { name: 'brands', register: brandRoutes };

/** What other modules may do with this module's rows: named functions, never the repository itself. */
export const findBrandDomain = brandDomainsRepository.findByDomain.bind(brandDomainsRepository);
/** The brand domains of any of these accounts (for a link page: its own tree's brands). */
export const brandDomainsOf = brandDomainsRepository.domainsOf.bind(brandDomainsRepository);
