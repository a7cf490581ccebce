import type { ServerModule } from '../../platform/http/module.ts';
import type { Services } from '../../services.ts';
import { chatRoutes } from './routes.ts';

export const chatModule: ServerModule<Services> = { name: 'chat', register: chatRoutes };

/** The chat pages' inline scripts (the Content-Security-Policy allows them by hash). */
export { PAGE_SCRIPTS } from './pages.ts';
