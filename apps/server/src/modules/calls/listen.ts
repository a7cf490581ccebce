import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/http/errors.ts';
import { authOf } from '../auth/index.ts';
import type { Services } from '../../services.ts';
import type { Viewer } from './live.ts';

/** Close code for a call that is not live or not in the caller's tree (reads as HTTP 404). */
export const CALL_NOT_LIVE = 4404;
const CALL_ID = /^CA[0-9a-f]{32}$/;
/** How long a viewer who opened a call while it rang waits for it to be answered. */
const RING_WAIT_MS = 60_000;

/**
 * The live call, once it is: a viewer may open a call the moment it is placed (the inbox's Call button),
 * while it still rings, so a queued or ringing call (or one answered a moment ago, its media stream
 * still connecting) is waited for. Another tree's call is "not found" at once.
 */
async function liveWhenAnswered(s: Services, ctx: ReturnType<typeof authOf>, id: string, isOpen: () => boolean) {
  const until = Date.now() + RING_WAIT_MS;
  for (;;) {
    try {
      return await s.calls.liveOf(ctx, id);
    } catch (err) {
      const { call } = await s.calls.get(ctx, id);
      const coming = call.status === 'queued' || call.status === 'ringing' || call.status === 'in-progress';
      if (!coming || !isOpen() || Date.now() > until) throw err;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * GET /api/v1/calls/:callId/listen?token=&targetAccountId= (WebSocket): staff listen in on a live call of
 * their tree. The server sends `{event:'media', track:'caller'|'agent', payload}` (20 ms μ-law frames,
 * base64; the browser mixes the two tracks), `{event:'transcript', turn}` and `{event:'stop'}`. The
 * viewer may send `{event:'takeover'}` (the agent leaves; from then on this viewer's
 * `{event:'media', payload}` frames go to the caller) and `{event:'hangup'}`.
 */
export function listenRoute(app: FastifyInstance, s: Services): void {
  app.get(
    '/api/v1/calls/:callId/listen',
    { websocket: true, schema: { summary: 'Listen in on a live call (WebSocket)', tags: ['calls'], hide: true }, config: { auth: 'required' } },
    (socket, req) => {
      const ctx = authOf(req);
      const id = (req.params as { callId?: string }).callId ?? '';
      const viewer: Viewer = { send: (text) => socket.readyState === 1 && socket.send(text), close: () => socket.close(1000, 'call ended') };
      let entry: Awaited<ReturnType<Services['calls']['liveOf']>> | null = null;
      const ready = (async () => {
        if (!CALL_ID.test(id)) throw new AppError('not_found', 'That call is not live.');
        entry = await liveWhenAnswered(s, ctx, id, () => socket.readyState === 1);
        entry.viewers.add(viewer);
        socket.send(JSON.stringify({ event: 'ready', callId: id, kicked: entry.kicked, transcript: entry.session.transcript }));
      })().catch((err: Error) => {
        socket.close(CALL_NOT_LIVE, err instanceof AppError ? err.message : 'That call is not live.');
      });
      socket.on('close', () => {
        if (!entry) return;
        entry.viewers.delete(viewer);
        if (entry.speaker === viewer) entry.speaker = null;
      });
      socket.on('message', (raw: Buffer) => {
        void ready.then(async () => {
          if (!entry) return;
          let msg: { event?: string; payload?: unknown };
          try {
            msg = JSON.parse(raw.toString());
          } catch {
            return;
          }
          if (msg.event === 'media' && entry.speaker === viewer && typeof msg.payload === 'string') {
            entry.transport.speak(Buffer.from(msg.payload, 'base64'));
          } else if (msg.event === 'takeover') {
            await s.calls.kick(ctx, id, viewer).catch(() => undefined);
            viewer.send(JSON.stringify({ event: 'speaking' }));
          } else if (msg.event === 'hangup') {
            await s.calls.hangUp(ctx, id).catch(() => undefined);
          }
        });
      });
    },
  );
}
