import http from 'node:http';
import https from 'node:https';
import { checkOutboundUrl, OutboundRefused, policyLookup, type OutboundPolicy } from '../../platform/http/outbound.ts';

export class FetchPageError extends Error {}

/**
 * GET one web page for an import under the outbound policy (`platform/http/outbound.ts`): http/https
 * only, never to an inside address or local name (checked on the address actually connected to) unless
 * the host is in WEBHOOK_ALLOW_HOSTS; no redirects followed; a timeout; at most `maxBytes` read.
 */
export function fetchPage(
  rawUrl: string,
  opts: { allowHosts: readonly string[]; timeoutMs?: number; maxBytes?: number; resolve?: OutboundPolicy['resolve'] },
): Promise<{ status: number; body: string }> {
  const policy: OutboundPolicy = { allowHosts: opts.allowHosts, ...(opts.resolve ? { resolve: opts.resolve } : {}) };
  const refused = () => new FetchPageError('That address points inside a private network.');
  let url: URL;
  try {
    url = checkOutboundUrl(rawUrl, policy).url;
  } catch (err) {
    if (err instanceof OutboundRefused && err.message.startsWith('must use'))
      return Promise.reject(new FetchPageError('Only web addresses can be imported.'));
    return Promise.reject(err instanceof OutboundRefused ? refused() : err);
  }
  const lookup = policyLookup(policy);
  const maxBytes = opts.maxBytes ?? 2 * 1024 * 1024;
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.get(
      url,
      { lookup, headers: { accept: 'text/html', 'user-agent': 'Switchboard link-page import' }, timeout: opts.timeoutMs ?? 8000 },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size > maxBytes) {
            req.destroy(new FetchPageError('The page is too large to import.'));
            return;
          }
          chunks.push(c);
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new FetchPageError('The page took too long to answer.')));
    req.on('error', (e) =>
      reject(
        e instanceof FetchPageError
          ? e
          : e instanceof OutboundRefused
            ? refused()
            : new FetchPageError(`The page could not be fetched (${(e as NodeJS.ErrnoException).code ?? e.message}).`),
      ),
    );
  });
}
