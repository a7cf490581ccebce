import type { ServerModule } from '../../platform/http/module.ts';
import type { Services } from '../../services.ts';
import { templateRoutes } from './routes.ts';
import { templatesRepository } from './repository.ts';

export { createTemplatesService, templatesInReach } from './service.ts';
export type { TemplatesTables } from './tables.ts';

export const templatesModule: ServerModule<Services> = { name: 'templates', register: templateRoutes };

/** What other modules may do with this module's rows: named functions, never the repository itself. */
export const findTemplate = templatesRepository.find.bind(templatesRepository);
export const templatesVisibleTo = templatesRepository.visibleTo.bind(templatesRepository);
