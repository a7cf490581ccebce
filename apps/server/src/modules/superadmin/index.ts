import type { ServerModule } from '../../platform/http/module.ts';
import type { Services } from '../../services.ts';
import { superAdminRoutes } from './routes.ts';

export { createSuperAdminService } from './service.ts';

/** The super admin's tools: disable and enable accounts, search every account, create partners (an account's admin users are the admins module). */
export const superAdminModule: ServerModule<Services> = { name: 'superadmin', register: superAdminRoutes };
