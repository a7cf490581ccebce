import type { ServerModule } from '../../platform/http/module.ts';
import type { Services } from '../../services.ts';
import { appRoutes } from './routes.ts';
import { appsRepository } from './repository.ts';

export { builtinApp } from './builtins.ts';
export { runFunction, turnKey } from './execute.ts';
export type { FunctionContext } from './execute.ts';
export { availableApps, resolveApp } from './repository.ts';
export { createAppsService } from './service.ts';
export { isPrivateAddress, outboundUrlProblem } from './webhook.ts';
export type { AppsTables } from './tables.ts';

export const appsModule: ServerModule<Services> = { name: 'apps', register: appRoutes };

/** What other modules may do with this module's rows: named functions, never the repository itself. */
export const listInstalledApps = appsRepository.list.bind(appsRepository);
export const saveInstalledApp = appsRepository.save.bind(appsRepository);
