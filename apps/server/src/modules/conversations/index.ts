import { roomsRepository } from './repository.ts';
import type { ServerModule } from '../../platform/http/module.ts';
import type { Services } from '../../services.ts';
import { realtimeRoutes } from './realtime.ts';
import { conversationRoutes } from './routes.ts';

export { createConversationsService } from './service.ts';
export type { ConversationsService } from './service.ts';
export type { AgentReply, AgentResponder, AgentRespondInput } from './agentAdapter.ts';
export { messagesInReach, ownerOrThrow, roomsInReach } from './access.ts';
/** An organization's conversations with any of these addresses (a contact's activity). */
export const roomsWithAddresses = roomsRepository.withAddresses.bind(roomsRepository);
export { inboxOf } from './owner.ts';
export { roomRatings, type CallEntry } from './calls.ts';
export type { ConversationsTables } from './tables.ts';

/**
 * The live inbox: conversations, activity and blocks, the realtime WebSocket, and the job worker that
 * sends messages and asks the agent for replies (started with the app, stopped when it closes).
 */
export const conversationsModule: ServerModule<Services> = {
  name: 'conversations',
  async register(app, s) {
    await realtimeRoutes(app, s);
    conversationRoutes(app, s);
    if (s.deps.config.JOBS_AUTOSTART) app.addHook('onReady', async () => s.inbox.start());
    app.addHook('onClose', async () => {
      await s.inbox.close();
    });
  },
};
