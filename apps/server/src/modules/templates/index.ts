import type { ServerModule } from '../../platform/http/module.ts';
import type { Services } from '../../services.ts';
import { templateRoutes } from './routes.ts';

export { templatesRepository } from './repository.ts';
export { createTemplatesService } from './service.ts';
export type { TemplatesTables } from './tables.ts';

export const templatesModule: ServerModule<Services> = { name: 'templates', register: templateRoutes };
