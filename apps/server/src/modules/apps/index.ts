import type { ServerModule } from '../../platform/http/module.ts';
import type { Services } from '../../services.ts';
import { appRoutes } from './routes.ts';
import { appsRepository } from './repository.ts';
import { appSecretBox } from './secrets.ts';
import { sealStoredAppSecrets } from './service.ts';

export { builtinApp } from './builtins.ts';
export { runFunction, turnKey } from './execute.ts';
export type { FunctionContext } from './execute.ts';
export { availableApps, resolveApp } from './repository.ts';
export { createAppsService } from './service.ts';
export type { FunctionOutcome } from './execute.ts';
export type { AppsTables } from './tables.ts';

export { sealStoredAppSecrets } from './service.ts';

export const appsModule: ServerModule<Services> = {
  name: 'apps',
  register(app, s) {
    appRoutes(app, s);
    // Apps stored before their secrets were sealed (migration 202611242120) are sealed once, with the key.
    app.addHook('onReady', async () => {
      await sealStoredAppSecrets(s.deps.db, appSecretBox(s.deps.config));
    });
  },
};

/** What other modules may do with this module's rows: named functions, never the repository itself. */
export const listInstalledApps = appsRepository.list.bind(appsRepository);
export const saveInstalledApp = appsRepository.save.bind(appsRepository);
