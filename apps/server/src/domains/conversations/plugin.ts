import type { FastifyInstance } from 'fastify';
import { realtimeRoutes } from '../../realtime/routes.ts';
import type { Services } from '../../services.ts';
import { chatRoutes } from '../chat/routes.ts';
import { notificationRoutes } from '../notifications/routes.ts';
import { numberRoutes } from '../numbers/routes.ts';
import { searchRoutes } from '../search/routes.ts';
import { runtimeFrom } from './agentAdapter.ts';
import { conversationRoutes } from './routes.ts';

/** The live inbox: conversations, activity, blocks, notifications, search, numbers, carrier, chat, realtime. */
export async function inboxRoutes(app: FastifyInstance, s: Services): Promise<void> {
  s.inbox.conversations.useRuntime(() => runtimeFrom(s));
  await realtimeRoutes(app, s);
  conversationRoutes(app, s);
  notificationRoutes(app, s);
  searchRoutes(app, s);
  numberRoutes(app, s);
  chatRoutes(app, s);
  if (s.deps.config.JOBS_AUTOSTART) app.addHook('onReady', async () => s.inbox.start());
  app.addHook('onClose', async () => {
    await s.inbox.close();
  });
}
