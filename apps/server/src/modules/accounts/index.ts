import type { ServerModule } from '../../platform/http/module.ts';
import type { Services } from '../../services.ts';
import { accountRoutes } from './routes.ts';

export { toAccount, toListItem } from './mappers.ts';
export { accountsRepository, ilike, uniqueUsername } from './repository.ts';
export type { AccountRow } from './repository.ts';
export { createAccountsService } from './service.ts';
export type { AccountsTables } from './tables.ts';

export const accountsModule: ServerModule<Services> = { name: 'accounts', register: accountRoutes };
