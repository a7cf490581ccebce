import type { ServerModule } from '../../platform/http/module.ts';
import type { Services } from '../../services.ts';
import { statsRoutes } from './routes.ts';

export { dayIn, organizationTimezone, recordUsage, usageDay, usageDayOf } from './record.ts';
export { agentsInReach, campaignsInReach, reportScope } from './scope.ts';
export type { ReportScope } from './scope.ts';
export { createStatsService } from './service.ts';
export type { StatsService } from './service.ts';
export type { StatsTables } from './tables.ts';

/** Usage and campaign statistics (spec §7 Stats); `recordUsage` is how every module counts what it uses. */
export const statsModule: ServerModule<Services> = { name: 'stats', register: statsRoutes };
