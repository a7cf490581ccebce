import type { ServerModule } from '../../platform/http/module.ts';
import type { Services } from '../../services.ts';
import { searchRoutes } from './routes.ts';

export { createSearchService } from './service.ts';
export type { SearchService } from './service.ts';

export const searchModule: ServerModule<Services> = { name: 'search', register: searchRoutes };
