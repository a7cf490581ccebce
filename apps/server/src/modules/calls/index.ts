import type { ServerModule } from '../../platform/http/module.ts';
import type { Services } from '../../services.ts';
import { callRoutes } from './routes.ts';

export { callsInReach, createCallsService } from './service.ts';
export type { CallsService } from './service.ts';
export type { CallsTables } from './tables.ts';
export type { VoiceEngines } from './media.ts';

export const callsModule: ServerModule<Services> = { name: 'calls', register: callRoutes };
