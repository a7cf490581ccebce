import type { ServerModule } from '../../platform/http/module.ts';
import type { Services } from '../../services.ts';
import { accountRoutes, type AccountRoutePorts } from './routes.ts';
import { accountsRepository } from './repository.ts';

export { toAccount, toListItem } from './mappers.ts';
export { ilike, uniqueUsername } from './repository.ts';
export { ACCOUNT_TYPE_MISMATCH, isSuperAdminUser } from './rules.ts';
export type { AccountRow, CheckIn } from './repository.ts';
export { createAccountsService, resellersInReach } from './service.ts';
export type { AccountsTables } from './tables.ts';

export type { AccountRoutePorts } from './routes.ts';

/** The accounts routes, with what they use of the modules above (AccountRoutePorts), given by app.ts. */
export const accountsModule = (ports: AccountRoutePorts): ServerModule<Services> => ({
  name: 'accounts',
  register: (app, s) => accountRoutes(app, s, ports),
});

/** What other modules may do with this module's rows: named functions, never the repository itself. */
export const findAccount = accountsRepository.findById.bind(accountsRepository);
export const findAccountByUsername = accountsRepository.findByUsername.bind(accountsRepository);
export const findAccountsByIds = accountsRepository.findByIds.bind(accountsRepository);
export const findPrincipalsByEmail = accountsRepository.findPrincipalsByEmail.bind(accountsRepository);
export const findPrincipalsByPhone = accountsRepository.findPrincipalsByPhone.bind(accountsRepository);
export const descendantAccountIds = accountsRepository.descendantIds.bind(accountsRepository);
export const anyAccountDisabled = accountsRepository.anyDisabled.bind(accountsRepository);
export const insertAccount = accountsRepository.insert.bind(accountsRepository);
export const updateAccount = accountsRepository.update.bind(accountsRepository);
export const recordAccountEvent = accountsRepository.recordEvent.bind(accountsRepository);
export const recentMobileCheckIns = accountsRepository.recentMobileCheckIns.bind(accountsRepository);
export const accountNamesByIds = accountsRepository.namesByIds.bind(accountsRepository);
export const firstAccountWithAddress = accountsRepository.firstWithAddress.bind(accountsRepository);
export const addressesInUse = accountsRepository.addressesInUse.bind(accountsRepository);
export const accountAddresses = accountsRepository.addressesOf.bind(accountsRepository);
