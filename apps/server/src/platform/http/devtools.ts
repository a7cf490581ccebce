import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { notFound } from './errors.ts';

/** Who may use the development conveniences (DEV_TOOLS): the machine's own user, anyone, or no one. */
export type DevToolsMode = 'local' | 'open' | 'off';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A development convenience (outbox, simulated carrier, phone simulator): DEV_TOOLS decides who reaches it. */
    devTool?: boolean;
  }
}

/** Where the development conveniences are declared; matched against a route's declared path, never a request's. */
const DEV_ROUTE = /^\/(api\/)?dev(\/|$)/;

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
 * Development conveniences hand out sign-in codes and let a caller fake an SMS or a payment, so by
 * default (`local`) they answer only the machine's own user; `open` opens them (a shared test server),
 * `off` closes them. Each also answers 404 by itself once a real provider replaces the local one.
 *
 * The decision belongs to the route the router matched, not to the request's text: every route declared
 * under `/api/dev/` or `/dev/` is marked `devTool` and given the guard as its own hook when it is added. The
 * router decodes percent-encoding and accepts absolute-form targets, so a pattern tested against
 * `request.url` could be spelled around (`/api/%64ev/outbox`, `GET http://host/api/dev/outbox`).
 * Others get the same 404 as an unknown path.
 */
export function registerDevToolsGuard(app: FastifyInstance, mode: DevToolsMode): void {
  // The guard is the dev routes' own onRequest hook (it runs after the global ones, before any other of
  // the route's), so no other request pays for it.
  const guard: onRequestHookHandler = (request, _reply, done) => {
    if (mode === 'open' || (mode === 'local' && fromThisMachine(request))) return done();
    done(notFound(`No route for ${request.method} ${request.routeOptions.url}.`));
  };
  app.addHook('onRoute', (options) => {
    if (!DEV_ROUTE.test(options.url)) return;
    options.config = { ...options.config, devTool: true };
    const own = options.onRequest ? [options.onRequest].flat() : [];
    if (!own.includes(guard)) options.onRequest = [guard, ...own];
  });
}
