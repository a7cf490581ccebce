import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../platform/http/errors.ts';
import { authOf } from '../../auth/index.ts';
import type { Services } from '../../../services.ts';
import type { LiveEntry, Viewer } from './live.ts';
import type { RemoteWatch } from './remote.ts';

/** Close code for a call that is not live or not in the caller's tree (reads as HTTP 404). */
export const CALL_NOT_LIVE = 4404;
const CALL_ID = /^CA[0-9a-f]{32}$/;
/** How long a viewer who opened a call while it rang waits for it to be answered. */
const RING_WAIT_MS = 60_000;

type Watching = { local: LiveEntry } | { remote: RemoteWatch };

/**
 * The live call, once it is: a viewer may open a call the moment it is placed (the inbox's Call button),
 * while it still rings, so a queued or ringing call (or one answered a moment ago, its media stream
 * still connecting) is waited for. A call connected to another process is watched through the call
 * relay (remote.ts). Another tree's call is "not found" at once, before anything else is asked.
 */
async function liveWhenAnswered(
  s: Services,
  ctx: ReturnType<typeof authOf>,
  id: string,
  viewer: Viewer,
  isOpen: () => boolean,
): Promise<Watching> {
  const until = Date.now() + RING_WAIT_MS;
  for (;;) {
    try {
      return { local: await s.calls.liveOf(ctx, id) };
    } catch (err) {
      const { call } = await s.calls.get(ctx, id);
      const coming = call.status === 'queued' || call.status === 'ringing' || call.status === 'in-progress';
      if (!coming || !isOpen() || Date.now() > until) throw err;
      if (call.status === 'in-progress') {
        const remote = await s.calls.watchElsewhere(ctx, id, viewer);
        if (remote) return { remote };
      }
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * GET /api/v1/calls/:callId/listen?token=&targetAccountId= (WebSocket): staff listen in on a live call of
 * their tree, on whichever process holds it. The server sends `{event:'media', track:'caller'|'agent', payload}` (20 ms μ-law frames,
 * base64; the browser mixes the two tracks), `{event:'transcript', turn}` and `{event:'stop'}`. The
 * viewer may send `{event:'takeover'}` (the agent leaves; from then on this viewer's
 * `{event:'media', payload}` frames go to the caller) and `{event:'hangup'}`.
 */
export function listenRoute(app: FastifyInstance, s: Services): void {
  app.get(
    '/api/v1/calls/:callId/listen',
    {
      websocket: true,
      schema: { summary: 'Listen in on a live call (WebSocket)', tags: ['calls'], hide: true },
      config: { auth: 'required' },
    },
    (socket, req) => {
      const ctx = authOf(req);
      const id = (req.params as { callId?: string }).callId ?? '';
      const viewer: Viewer = {
        send: (text) => socket.readyState === 1 && socket.send(text),
        close: () => socket.close(1000, 'call ended'),
      };
      let watching: Watching | null = null;
      const leave = () => {
        if (!watching) return;
        if ('remote' in watching) return watching.remote.leave();
        const entry = watching.local;
        entry.viewers.delete(viewer);
        if (entry.speaker === viewer) entry.speaker = null;
      };
      const ready = (async () => {
        if (!CALL_ID.test(id)) throw new AppError('not_found', 'That call is not live.');
        watching = await liveWhenAnswered(s, ctx, id, viewer, () => socket.readyState === 1);
        // Closed while waiting: nothing to watch.
        if (socket.readyState !== 1) return leave();
        if ('remote' in watching) return; // the holder's `ready` came through the relay
        const entry = watching.local;
        entry.viewers.add(viewer);
        socket.send(JSON.stringify({ event: 'ready', callId: id, kicked: entry.kicked, transcript: entry.session.transcript }));
      })().catch((err: Error) => {
        socket.close(CALL_NOT_LIVE, err instanceof AppError ? err.message : 'That call is not live.');
      });
      socket.on('close', leave);
      socket.on('message', (raw: Buffer) => {
        void ready.then(async () => {
          if (!watching) return;
          let msg: { event?: string; payload?: unknown };
          try {
            msg = JSON.parse(raw.toString());
          } catch {
            return;
          }
          if ('remote' in watching) {
            const { remote } = watching;
            if (msg.event === 'media' && typeof msg.payload === 'string') remote.send({ type: 'media', payload: msg.payload });
            else if (msg.event === 'takeover' || msg.event === 'hangup') remote.send({ type: msg.event });
            return;
          }
          const entry = watching.local;
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
