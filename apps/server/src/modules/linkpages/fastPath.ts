import crypto from 'node:crypto';
import type { FastPath } from '../../platform/http/fastPath.ts';
import { hostOf } from './public.ts';
import type { LinkpagesService } from './service.ts';
import { visitorOf } from './visitor.ts';

const PAGE_PATH = /^\/p\/([A-Za-z0-9._-]{1,64})\/?$/;
/** Headers of one answer, never copied to another. */
const PER_ANSWER = new Set(['x-request-id', 'etag', 'content-length', 'date', 'connection', 'strict-transport-security', 'keep-alive']);

/**
 * The public page straight from the cache, before Fastify: only a GET of `/p/<username>` whose page
 * (for that Host, brand domain or not) is in the cache and whose Host is already known, answered with
 * the headers the Fastify route sent last time for a page (`remember`), a new request id, the page's
 * ETag (304 on a match) and HSTS when the request came over TLS. Anything else goes to Fastify, which
 * builds and caches the page. The view is recorded the same way as there.
 */
export function createPageFastPath(pages: LinkpagesService, trustProxy: boolean) {
  let headers: string[] | null = null;
  const handler: FastPath = (req, res) => {
    if (req.method !== 'GET' || headers == null || !req.url?.startsWith('/p/')) return false;
    const q = req.url.indexOf('?');
    const m = PAGE_PATH.exec(q < 0 ? req.url : req.url.slice(0, q));
    if (!m) return false;
    const host = hostOf(req.headers.host);
    const brand = host ? pages.brandHosts.peek(host) : null;
    if (brand === undefined) return false;
    const page = pages.cache.get(m[1]!, brand?.domain);
    if (!page) return false;
    pages.recorder.record({
      accountId: page.accountId,
      kind: 'view',
      ...visitorOf(req.headers, q < 0 ? '' : req.url.slice(q + 1), trustProxy),
    });
    // A flat [name, value, …] list: Node writes it without walking an object.
    const out: string[] = [...headers, 'x-request-id', crypto.randomUUID(), 'etag', page.etag];
    const tls = (req.socket as { encrypted?: boolean }).encrypted || (trustProxy && req.headers['x-forwarded-proto'] === 'https');
    if (tls) out.push('strict-transport-security', 'max-age=31536000; includeSubDomains');
    if (req.headers['if-none-match'] === page.etag) {
      res.writeHead(304, out).end();
      return true;
    }
    out.push('content-length', String(page.body.length));
    res.writeHead(200, out).end(page.body);
    return true;
  };
  return {
    handler,
    /** Keeps the headers of a page answer Fastify sent (security headers and all), for the fast path. */
    remember(sent: Record<string, string | number | string[] | undefined>): void {
      if (headers) return;
      const copy: string[] = [];
      for (const [k, v] of Object.entries(sent)) {
        if (PER_ANSWER.has(k.toLowerCase()) || v === undefined) continue;
        for (const one of Array.isArray(v) ? v : [v]) copy.push(k.toLowerCase(), String(one));
      }
      headers = copy;
    },
  };
}
