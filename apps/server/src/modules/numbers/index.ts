import type { ServerModule } from '../../platform/http/module.ts';
import type { Services } from '../../services.ts';
import { numberRoutes } from './routes.ts';

export { accountOfNumber, createNumbersService, noteInboundCall, numberOfAccount } from './service.ts';
export type { NumbersService } from './service.ts';
export type { NumbersTables } from './tables.ts';

export const numbersModule: ServerModule<Services> = { name: 'numbers', register: numberRoutes };
