import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';

/**
 * Outbound HTTP for agent webhooks (DESIGN.md §10): http/https only, never to private, loopback,
 * link-local or multicast addresses (checked on the address actually connected to, so DNS cannot
 * point a public name at an inside address) unless the host is in WEBHOOK_ALLOW_HOSTS; a timeout;
 * the answer read up to 64 KB.
 */
const blocked = new net.BlockList();
for (const [a, p] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(a, p, 'ipv4');
for (const [a, p] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const)
  blocked.addSubnet(a, p, 'ipv6');

export function isPrivateAddress(address: string): boolean {
  const mapped = address.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i);
  if (mapped) return blocked.check(mapped[1]!, 'ipv4');
  const family = net.isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) return blocked.check(address, 'ipv6');
  return true;
}

export class WebhookError extends Error {}

const MAX_BODY = 64 * 1024;

export interface WebhookResult {
  status: number;
  body: unknown;
}

export async function postJson(
  rawUrl: string,
  payload: unknown,
  opts: { timeoutMs: number; allowHosts: string[]; headers?: Record<string, string> },
): Promise<WebhookResult> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new WebhookError('The webhook URL is not a valid URL.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new WebhookError('Webhooks must use http or https.');
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const allowed = (addr: string) => opts.allowHosts.includes(host) || opts.allowHosts.includes(addr);
  if (net.isIP(host) && isPrivateAddress(host) && !allowed(host)) {
    throw new WebhookError('Webhooks cannot reach private or loopback addresses.');
  }

  const lookup: net.LookupFunction = (hostname, options, callback) => {
    dns.lookup(hostname, { all: true }, (err, addresses) => {
      if (err) return callback(err, '', 4);
      const list = addresses as dns.LookupAddress[];
      const bad = list.find((a) => isPrivateAddress(a.address) && !allowed(a.address));
      if (bad || list.length === 0) {
        return callback(new WebhookError('Webhooks cannot reach private or loopback addresses.') as NodeJS.ErrnoException, '', 4);
      }
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };

  const body = JSON.stringify(payload);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<WebhookResult>((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: 'POST',
        lookup,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'user-agent': 'Switchboard-Agent/1', ...opts.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size <= MAX_BODY) chunks.push(c);
        });
        res.on('end', () => {
          clearTimeout(timer);
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = text;
          try {
            parsed = text ? JSON.parse(text) : null;
          } catch {
            /* text */
          }
          resolve({ status: res.statusCode ?? 0, body: parsed });
        });
        res.on('error', (e) => {
          clearTimeout(timer);
          reject(e);
        });
      },
    );
    const timer = setTimeout(() => req.destroy(new WebhookError(`The webhook did not answer within ${opts.timeoutMs} ms.`)), opts.timeoutMs);
    req.on('error', (e) => {
      clearTimeout(timer);
      reject(e instanceof WebhookError ? e : new WebhookError(`The webhook could not be reached: ${(e as NodeJS.ErrnoException).code ?? e.message}`));
    });
    req.end(body);
  });
}
