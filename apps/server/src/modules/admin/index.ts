import type { ServerModule } from '../../platform/http/module.ts';
import type { Services } from '../../services.ts';
import { superAdminRoutes } from './routes.ts';

export { createSuperAdminService } from './service.ts';

export const adminModule: ServerModule<Services> = { name: 'admin', register: superAdminRoutes };
