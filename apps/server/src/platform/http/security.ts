import crypto from 'node:crypto';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * Security headers on every answer, pages and API alike (@fastify/helmet): a Content-Security-Policy the
 * web app, the public chat page and the widget work under, framing refused except by the app itself
 * (`frameAncestors('*')` opens one answer, for an organization that allows embeds), nosniff, a
 * Referrer-Policy, and HSTS only when the request came over TLS (behind a proxy: TRUST_PROXY makes
 * X-Forwarded-Proto count).
 *
 * The server-rendered pages (chat, phone simulator) carry small inline scripts: they are allowed by
 * their SHA-256 hash, listed by whoever registers those pages, so no other inline script runs.
 */
export async function registerSecurityHeaders(app: FastifyInstance, opts: { inlineScripts: string[] }): Promise<void> {
  const hashes = opts.inlineScripts.map((s) => `'sha256-${crypto.createHash('sha256').update(s).digest('base64')}'`);
  await app.register(fastifyHelmet, {
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
    // HSTS is added below only for requests that came over TLS.
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // The widget script and public files are loaded by other sites.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    crossOriginEmbedderPolicy: false,
    // Popups the app opens (store links, sign-in links) keep working.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });
}

/** Lets any site frame this one answer (a chat page whose organization allows embeds). */
export function allowFraming(reply: FastifyReply): void {
  const csp = String(reply.getHeader('content-security-policy') ?? '');
  reply.header('content-security-policy', csp.replace(/frame-ancestors [^;]*/, 'frame-ancestors *'));
  reply.removeHeader('x-frame-options');
}
