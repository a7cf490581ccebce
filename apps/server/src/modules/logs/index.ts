import type { ServerModule } from '../../platform/http/module.ts';
import type { Services } from '../../services.ts';
import { logsRoutes } from './routes.ts';

export { createLogsService, recordLog } from './service.ts';
export type { LogsService, NewLog } from './service.ts';
export type { LogsTables } from './tables.ts';

/** The activity log (spec §7 Logs); `recordLog` is how every module writes into it. */
export const logsModule: ServerModule<Services> = { name: 'logs', register: logsRoutes };
