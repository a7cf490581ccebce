import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';

/**
 * Answers a request before Fastify sees it, from memory only: returns true when it answered, false to
 * let Fastify handle the request as usual. For public, unauthenticated, read-only answers whose every
 * header the handler already knows (a module copies them from an answer Fastify sent for the same
 * thing), such as a cached link page. The hook chain (security headers, request id, auth, input guard,
 * logging) is most of a small answer's cost (npm run bench linkpages); a fast path answers with the same
 * headers that chain would have set, and must decline anything it is not sure of.
 */
export type FastPath = (req: IncomingMessage, res: ServerResponse) => boolean;

declare module 'fastify' {
  interface FastifyInstance {
    fastPaths: FastPaths;
  }
}

export function createFastPaths() {
  const handlers: FastPath[] = [];
  let closing = false;
  return {
    add(handler: FastPath): void {
      handlers.push(handler);
    },
    /** Fastify's `serverFactory`: the HTTP server Fastify would make, with the fast paths in front. */
    serverFactory(handler: (req: IncomingMessage, res: ServerResponse) => void, opts: FastifyServerOptions): http.Server {
      const server = http.createServer((req, res) => {
        if (!closing) for (const h of handlers) if (h(req, res)) return;
        handler(req, res);
      });
      // What Fastify sets on the servers it makes itself.
      if (opts.keepAliveTimeout != null) server.keepAliveTimeout = opts.keepAliveTimeout;
      if (opts.requestTimeout != null) server.requestTimeout = opts.requestTimeout;
      if (opts.connectionTimeout != null) server.setTimeout(opts.connectionTimeout);
      if (opts.maxRequestsPerSocket) server.maxRequestsPerSocket = opts.maxRequestsPerSocket;
      return server;
    },
    /** While the app closes every request goes through Fastify, which ends keep-alive connections. */
    register(app: FastifyInstance): void {
      app.decorate('fastPaths', this);
      app.addHook('preClose', async () => {
        closing = true;
      });
    },
  };
}

export type FastPaths = ReturnType<typeof createFastPaths>;
