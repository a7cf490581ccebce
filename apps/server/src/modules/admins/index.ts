import type { ServerModule } from '../../platform/http/module.ts';
import type { Services } from '../../services.ts';
import { adminUserRoutes } from './routes.ts';

export { membershipsRepository } from './repository.ts';
export { createAdminsService } from './service.ts';
export type { AdminsService } from './service.ts';
export type { AdminsTables } from './tables.ts';

export const adminsModule: ServerModule<Services> = { name: 'admins', register: adminUserRoutes };
