import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { isPrivateAddress } from '../../platform/http/outbound.ts';

export class FetchPageError extends Error {}

/**
 * GET one web page for an import: http/https only, never to a private, loopback or link-local address
 * (checked on the address actually connected to, as the webhooks do) unless the host is in
 * WEBHOOK_ALLOW_HOSTS; no redirects followed; a timeout; at most `maxBytes` read.
 */
export function fetchPage(
  rawUrl: string,
  opts: { allowHosts: string[]; timeoutMs?: number; maxBytes?: number },
): Promise<{ status: number; body: string }> {
  const url = new URL(rawUrl);
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const allowed = (addr: string) => opts.allowHosts.includes(host) || opts.allowHosts.includes(addr);
  const refused = () => new FetchPageError('That address points inside a private network.');
  if (net.isIP(host) && isPrivateAddress(host) && !allowed(host)) return Promise.reject(refused());
  const lookup: net.LookupFunction = (hostname, options, callback) => {
    dns.lookup(hostname, { all: true }, (err, addresses) => {
      if (err) return callback(err, '', 4);
      const list = addresses as dns.LookupAddress[];
      if (list.length === 0 || list.some((a) => isPrivateAddress(a.address) && !allowed(a.address)))
        return callback(refused() as NodeJS.ErrnoException, '', 4);
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
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
          : new FetchPageError(`The page could not be fetched (${(e as NodeJS.ErrnoException).code ?? e.message}).`),
      ),
    );
  });
}
