import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet from 'helmet';

const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Security headers on every answer, pages and API alike (`helmet`'s policy): a Content-Security-Policy the
 * web app, the public chat page and the widget work under, framing refused except by the app itself
 * (`allowFraming` opens one answer, for an organization that allows embeds), nosniff, a Referrer-Policy,
 * and HSTS only when the request came over TLS (behind a proxy: TRUST_PROXY makes X-Forwarded-Proto count).
 *
 * The server-rendered pages (chat, phone simulator) carry small inline scripts: they are allowed by
 * their SHA-256 hash, listed by whoever registers those pages, so no other inline script runs.
 *
 * The policy is the same for every request, so helmet runs once at start-up and each answer gets the
 * resulting header set. (@fastify/helmet rebuilt the helmet middleware, directives parsed anew, on every
 * request: about 5 % of the time of a small JSON answer.)
 */
export async function registerSecurityHeaders(app: FastifyInstance, opts: { inlineScripts: string[] }): Promise<void> {
  const headers = securityHeaders(opts.inlineScripts);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    done();
  });
}

/** The headers helmet writes for this policy, read off one run of its middleware. */
export function securityHeaders(inlineScripts: string[]): Record<string, string> {
  const hashes = inlineScripts.map((s) => `'sha256-${crypto.createHash('sha256').update(s).digest('base64')}'`);
  const middleware = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        scriptSrc: ["'self'", ...hashes],
        // React and the pages set style attributes; styles cannot run code.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Profile images and attachments may be links to other sites.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        frameSrc: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
      },
    },
    frameguard: { action: 'sameorigin' },
    // HSTS is added per request, only for requests that came over TLS.
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // The widget script and public files are loaded by other sites.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    crossOriginEmbedderPolicy: false,
    // Popups the app opens (store links, sign-in links) keep working.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  middleware({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/** Lets any site frame this one answer (a chat page whose organization allows embeds). */
export function allowFraming(reply: FastifyReply): void {
  const csp = String(reply.getHeader('content-security-policy') ?? '');
  reply.header('content-security-policy', csp.replace(/frame-ancestors [^;]*/, 'frame-ancestors *'));
  reply.removeHeader('x-frame-options');
}
