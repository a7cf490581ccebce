import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';

/**
 * Outbound HTTP to addresses users give (agent webhooks, integrations, webhook deliveries, push
 * endpoints, link-page fetches; DESIGN.md §10): http/https only, never to private, loopback,
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
  ['192.0.2.0', 24],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
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
  ['64:ff9b:1::', 48],
  // 6to4 and Teredo carry an IPv4 address that could be an inside one; documentation and discard
  // ranges are never a real server.
  ['2002::', 16],
  ['2001::', 32],
  ['2001:db8::', 32],
  ['100::', 64],
] as const)
  blocked.addSubnet(a, p, 'ipv6');

/**
 * IPv4-compatible (::a.b.c.d) and IPv4-mapped addresses in hex spelling: refused whole (a BlockList
 * rule for them would also match every IPv4 address, so they are checked only for IPv6 input).
 */
const embeddedV4 = new net.BlockList();
embeddedV4.addSubnet('::', 96, 'ipv6');
embeddedV4.addSubnet('::ffff:0:0', 96, 'ipv6');

export function isPrivateAddress(address: string): boolean {
  const mapped = address.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i);
  if (mapped) return blocked.check(mapped[1]!, 'ipv4');
  const family = net.isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) return embeddedV4.check(address, 'ipv6') || blocked.check(address, 'ipv6');
  return true;
}

/** An outbound request refused (an inside address, a bad URL) or that failed (timeout, unreachable). */
export class OutboundError extends Error {}

/** Names that always mean this machine or its network, whatever DNS says. */
const LOCAL_NAME = /^(localhost|.*\.localhost|.*\.local|.*\.internal|.*\.home\.arpa)$/;

/**
 * Checks an outbound URL when it is saved (the call checks again, on the address it connects to):
 * http or https, not a private, loopback, link-local or otherwise inside address, nor a name that
 * resolves to one. A name DNS cannot resolve now is accepted; the call refuses it if it then points
 * inside. `allowHosts` (WEBHOOK_ALLOW_HOSTS) lets tests and local tools through. Returns why not, or null.
 */
export async function outboundUrlProblem(raw: string, allowHosts: string[], schemes = ['http:', 'https:']): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'is not a valid URL';
  }
  if (!schemes.includes(url.protocol)) return `must use ${schemes.map((s) => s.replace(':', '')).join(' or ')}`;
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (allowHosts.includes(host)) return null;
  const inside = 'cannot be a private, loopback or link-local address';
  if (net.isIP(host)) return isPrivateAddress(host) && !allowHosts.includes(host) ? inside : null;
  if (LOCAL_NAME.test(host)) return inside;
  const addresses = await Promise.race([
    dns.promises.lookup(host, { all: true }).catch(() => [] as dns.LookupAddress[]),
    new Promise<dns.LookupAddress[]>((resolve) => setTimeout(() => resolve([]), 2000).unref()),
  ]);
  return addresses.some((a) => isPrivateAddress(a.address) && !allowHosts.includes(a.address)) ? inside : null;
}

const MAX_BODY = 64 * 1024;

export interface WebhookResult {
  status: number;
  body: unknown;
  headers: http.IncomingHttpHeaders;
}

export interface OutboundOptions {
  timeoutMs: number;
  allowHosts: string[];
  headers?: Record<string, string>;
}

export function postJson(rawUrl: string, payload: unknown, opts: OutboundOptions): Promise<WebhookResult> {
  return requestJson(rawUrl, { ...opts, method: 'POST', body: JSON.stringify(payload) });
}

/**
 * One outbound request with the same checks (integrations' API calls use it too): `body` is sent as is,
 * JSON unless a content-type header says otherwise; GET sends none.
 */
export async function requestJson(
  rawUrl: string,
  opts: OutboundOptions & { method: 'GET' | 'POST' | 'PATCH' | 'PUT'; body?: string | undefined },
): Promise<WebhookResult> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new OutboundError('The webhook URL is not a valid URL.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundError('Webhooks must use http or https.');
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const allowed = (addr: string) => opts.allowHosts.includes(host) || opts.allowHosts.includes(addr);
  if (net.isIP(host) && isPrivateAddress(host) && !allowed(host)) {
    throw new OutboundError('Webhooks cannot reach private or loopback addresses.');
  }

  const lookup: net.LookupFunction = (hostname, options, callback) => {
    dns.lookup(hostname, { all: true }, (err, addresses) => {
      if (err) return callback(err, '', 4);
      const list = addresses as dns.LookupAddress[];
      const bad = list.find((a) => isPrivateAddress(a.address) && !allowed(a.address));
      if (bad || list.length === 0) {
        return callback(new OutboundError('Webhooks cannot reach private or loopback addresses.') as NodeJS.ErrnoException, '', 4);
      }
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };

  const body = opts.body ?? '';
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<WebhookResult>((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: opts.method,
        lookup,
        headers: {
          ...(opts.method === 'GET' ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }),
          'user-agent': 'Switchboard-Agent/1',
          ...opts.headers,
        },
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
          resolve({ status: res.statusCode ?? 0, body: parsed, headers: res.headers });
        });
        res.on('error', (e) => {
          clearTimeout(timer);
          reject(e);
        });
      },
    );
    const timer = setTimeout(() => req.destroy(new OutboundError(`The webhook did not answer within ${opts.timeoutMs} ms.`)), opts.timeoutMs);
    req.on('error', (e) => {
      clearTimeout(timer);
      reject(e instanceof OutboundError ? e : new OutboundError(`The webhook could not be reached: ${(e as NodeJS.ErrnoException).code ?? e.message}`));
    });
    req.end(opts.method === 'GET' ? undefined : body);
  });
}
