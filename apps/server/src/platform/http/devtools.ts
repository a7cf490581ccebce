import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound } from './errors.ts';

/** Who may use the development conveniences (DEV_TOOLS): the machine's own user, anyone, or no one. */
export type DevToolsMode = 'local' | 'open' | 'off';

/** The development conveniences: the local outbox, the simulated carrier's endpoints, the phone simulator. */
const DEV_PATH = /^\/(api\/)?dev\//;

/**
 * A request from the machine itself: the socket's peer is a loopback address and no proxy forwarded it
 * (a reverse proxy on the same machine connects from loopback on behalf of anyone, and says so).
 */
export function fromThisMachine(request: FastifyRequest): boolean {
  const peer = request.raw.socket?.remoteAddress ?? '';
  const loopback = peer === '::1' || peer.startsWith('127.') || peer.startsWith('::ffff:127.');
  const h = request.headers;
  return loopback && !h['x-forwarded-for'] && !h.forwarded && !h['x-real-ip'];
}

/**
 * Development conveniences hand out sign-in codes and let a caller fake an SMS, so by default
 * (`local`) they answer only the machine's own user; `open` opens them (a shared test server), `off`
 * closes them. Each also answers 404 by itself once a real provider replaces the local one. Others get
 * the same 404 as an unknown path.
 */
export function registerDevToolsGuard(app: FastifyInstance, mode: DevToolsMode): void {
  // Callback style, not async: it runs on every request, and most return at once (no promise to make).
  app.addHook('onRequest', (request, _reply, done) => {
    if (!DEV_PATH.test(request.url) || mode === 'open' || (mode === 'local' && fromThisMachine(request))) return done();
    done(notFound(`No route for ${request.method} ${request.url.split('?')[0]}.`));
  });
}
