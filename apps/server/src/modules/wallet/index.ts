import type { ServerModule } from '../../platform/http/module.ts';
import type { Services } from '../../services.ts';
import { walletRoutes } from './routes.ts';

export { createWalletService, INVOICE_EXPIRY_S } from './service.ts';
export type { WalletService } from './service.ts';
export type { CheckoutPaidHandler, MoneyInHandler, SubscriptionEventHandler } from './settlement.ts';
export { createWalletProviders } from './providers.ts';
export { INSUFFICIENT_FUNDS, ledger, PLATFORM_ACCOUNTS, promoCode, walletCode } from './ledger.ts';
export type { TransferInput, TransferResult } from './ledger.ts';
export type { CheckoutRow } from './repository/checkouts.ts';
export type { WalletTables } from './tables.ts';

export const walletModule: ServerModule<Services> = { name: 'wallet', register: walletRoutes };
