import type { ServerModule } from '../../platform/http/module.ts';
import type { Services } from '../../services.ts';
import { adminUserRoutes } from './routes.ts';
import { membershipsRepository } from './repository.ts';

export { createAdminsService } from './service.ts';
export type { AdminsService } from './service.ts';
export type { AdminsTables } from './tables.ts';

/** The admin-user routes; `authOf` reads the caller (auth sits above admins), given by app.ts. */
export const adminsModule = (authOf: Parameters<typeof adminUserRoutes>[2]): ServerModule<Services> => ({
  name: 'admins',
  register: (app, s) => adminUserRoutes(app, s, authOf),
});

/** What other modules may do with this module's rows: named functions, never the repository itself. */
export const membershipsOfUser = membershipsRepository.forUser.bind(membershipsRepository);
export const removeMembershipsOf = membershipsRepository.removeAllFor.bind(membershipsRepository);
