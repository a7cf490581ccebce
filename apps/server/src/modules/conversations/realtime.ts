import fastifyWebsocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import { authOf, type AuthContext } from '../auth/index.ts';
import { descendantAccountIds } from '../accounts/index.ts';
import { inboxOf } from './owner.ts';
import type { Services } from '../../services.ts';
import type { EventScope } from '../../platform/realtime/events.ts';
import { coalescedSender, SocketGuard } from '../../platform/realtime/sockets.ts';

/**
 * The accounts whose inbox events a caller receives: the acting organization or agent, or those below
 * a partner or reseller, re-read (refresh) so organizations created after connecting are seen too.
 */
async function scopeFor(s: Services, ctx: AuthContext): Promise<{ scope: EventScope; refresh?: () => Promise<void> }> {
  const owner = inboxOf(ctx.acting);
  if (owner) return { scope: { accountIds: [owner.orgId], agentId: owner.agentId, userId: ctx.user.id } };
  if (ctx.acting.account_type === 'partner' || ctx.acting.account_type === 'reseller') {
    const scope: EventScope = { accountIds: await descendantAccountIds(s.deps.db, ctx.acting.id), agentId: null, userId: ctx.user.id };
    const refresh = async () => {
      scope.accountIds = await descendantAccountIds(s.deps.db, ctx.acting.id);
    };
    return { scope, refresh };
  }
  return { scope: { accountIds: [], agentId: null, userId: ctx.user.id } };
}

/**
 * GET /api/v1/ws?token=&since=: the live inbox. Events are JSON `{id, type, payload, ...}` with ids
 * that only grow; a client that reconnects with `since=<last id it saw>` receives what it missed, in
 * order, before live events. Clients may send `{"type":"typing","roomId":"..."}` and `{"type":"ping"}`.
 */
export async function realtimeRoutes(app: FastifyInstance, s: Services): Promise<void> {
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });
  const { config } = s.deps;
  const guard = new SocketGuard({
    perToken: config.WS_MAX_PER_TOKEN,
    perAddress: config.WS_MAX_PER_ADDRESS,
    heartbeatMs: config.WS_HEARTBEAT_MS,
  });
  app.addHook('onClose', async () => guard.stop());
  app.get(
    '/api/v1/ws',
    { websocket: true, schema: { summary: 'Live inbox events (WebSocket)', tags: ['realtime'], hide: true }, config: { auth: 'required' } },
    (socket, req) => {
      const ctx = authOf(req);
      if (!guard.admit(socket, ctx.token.id, req.ip)) return;
      const q = req.query as { since?: string };
      // A cursor beyond the newest event (even beyond any id) is answered with a reset by the hub.
      const since = q.since != null && /^\d{1,30}$/.test(q.since) ? Number(q.since) : null;
      let remove: (() => void) | null = null;
      let closed = false;
      socket.on('close', () => {
        closed = true;
        remove?.();
      });
      socket.on('message', (raw: Buffer) => {
        let msg: { type?: string; roomId?: string };
        try {
          msg = JSON.parse(raw.toString());
        } catch {
          return;
        }
        if (msg.type === 'ping') socket.send(JSON.stringify({ type: 'pong' }));
        if (msg.type === 'typing' && typeof msg.roomId === 'string') {
          s.inbox.conversations.typing(ctx, msg.roomId).catch(() => undefined);
        }
      });
      void (async () => {
        const { scope, refresh } = await scopeFor(s, ctx);
        const rm = await s.inbox.hub.add({ scope, refresh, send: coalescedSender(socket) }, since);
        if (closed) rm();
        else {
          remove = rm;
          socket.send(JSON.stringify({ type: 'ready' }));
        }
      })().catch((err) => {
        req.log.error({ err }, 'websocket subscribe failed');
        socket.close(1011, 'subscribe failed');
      });
    },
  );
}
