import type { ServerModule } from '../../platform/http/module.ts';
import type { Services } from '../../services.ts';
import { versionRoutes } from './routes.ts';

export { createVersionsService } from './service.ts';
export type { VersionsTables } from './tables.ts';

export const versionsModule: ServerModule<Services> = { name: 'versions', register: versionRoutes };
