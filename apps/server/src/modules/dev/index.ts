import type { ServerModule } from '../../platform/http/module.ts';
import type { Services } from '../../services.ts';
import { devRoutes } from './routes.ts';

export const devModule: ServerModule<Services> = { name: 'dev', register: devRoutes };
