import type { ServerModule } from '../../platform/http/module.ts';
import type { Services } from '../../services.ts';
import { notificationRoutes } from './routes.ts';

export { addNotification, createNotificationsService, notifiedSince } from './service.ts';
export type { NewNotification, NotificationsService } from './service.ts';
export type { NotificationsTables } from './tables.ts';

export const notificationsModule: ServerModule<Services> = { name: 'notifications', register: notificationRoutes };
