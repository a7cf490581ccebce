import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { Agent, fetch as undiciFetch, type RequestInit as UndiciRequestInit, type Response as UndiciResponse } from 'undici';

/**
 * The one policy for requests to addresses that users give us (webhooks, MCP servers, Web Push
 * endpoints, the link-page import, integrations, calendars, the agents' webhook apps):
 * - the URL is parsed by the WHATWG parser, so every IPv4 spelling (decimal `2130706433`, hex `0x7f.1`,
 *   octal `0177.0.0.1`, short `127.1`, a trailing dot) reads as its dotted address, and IPv6 as its
 *   canonical form; the host is lower-cased and trailing dots removed;
 * - http or https only (or what the caller names);
 * - refused: private, loopback, link-local, unique-local, unspecified, shared (CGNAT), multicast,
 *   reserved and documentation addresses, IPv4 inside IPv6 (mapped, compatible, 6to4, NAT64, Teredo),
 *   and local names (`localhost` and `*.localhost`, `localhost.*`, `*.local`, `*.internal`,
 *   `*.home.arpa`, and single-label names that a resolver's search list would complete);
 * - a name is resolved once, when connecting: the lookup given to the socket (`policyLookup`, used by an
 *   undici Agent's `connect.lookup` and by node's http) refuses the whole answer if any address in it is
 *   inside, and the socket connects to an address from that same answer, so DNS cannot answer "public"
 *   to a check and "loopback" to the connection;
 * - `allowHosts` (WEBHOOK_ALLOW_HOSTS, PUSH_ALLOW_HOSTS) lists hosts or addresses opened anyway (tests,
 *   local tools).
 */
export interface OutboundPolicy {
  /** Hosts or addresses allowed even when inside (lower-case). */
  allowHosts?: readonly string[];
  /** Accepted URL schemes; http and https by default. */
  schemes?: readonly string[];
  /** How names are resolved (tests give their own); the system resolver by default. */
  resolve?: Resolver;
}

export type Resolver = (host: string) => Promise<{ address: string; family: number }[]>;

/** An outbound request refused by the policy (the message says why, without the word "error"). */
export class OutboundRefused extends Error {}

export const INSIDE = 'cannot be a private, loopback or link-local address';
const RESOLVE_TIMEOUT_MS = 2000;

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
  ['fec0::', 10],
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

/** Whether an IP address is inside (anything that is not an IP address counts as inside). */
export function isPrivateAddress(address: string): boolean {
  const a = normalizeHost(address);
  const mapped = a.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i);
  if (mapped) return blocked.check(mapped[1]!, 'ipv4');
  const family = net.isIP(a);
  if (family === 4) return blocked.check(a, 'ipv4');
  if (family === 6) return embeddedV4.check(a, 'ipv6') || blocked.check(a, 'ipv6');
  return true;
}

/** A URL's host as compared: without IPv6 brackets, lower case, without trailing dots. */
export function normalizeHost(hostname: string): string {
  return hostname
    .replace(/^\[|\]$/g, '')
    .toLowerCase()
    .replace(/\.+$/, '');
}

/** Names that always mean this machine or its network, whatever DNS says. */
export function isLocalName(host: string): boolean {
  const h = normalizeHost(host);
  if (net.isIP(h)) return false;
  if (!h.includes('.')) return true;
  return /^(localhost|.*\.localhost|localhost\..*|.*\.local|.*\.internal|.*\.home\.arpa|.*\.localdomain)$/.test(h);
}

const allowed = (policy: OutboundPolicy, ...names: string[]) => {
  const list = policy.allowHosts ?? [];
  return names.some((n) => list.includes(normalizeHost(n)));
};

const systemResolve: Resolver = (host) => dns.promises.lookup(host, { all: true, verbatim: true });

/**
 * Parses a URL and checks what can be checked without DNS: the scheme, an IP-literal host, a local
 * name. Throws OutboundRefused; returns the URL and its normalized host.
 */
export function checkOutboundUrl(raw: string | URL, policy: OutboundPolicy = {}): { url: URL; host: string } {
  let url: URL;
  try {
    url = raw instanceof URL ? raw : new URL(raw);
  } catch {
    throw new OutboundRefused('is not a valid URL');
  }
  const schemes = policy.schemes ?? ['http:', 'https:'];
  const host = normalizeHost(url.hostname);
  if (!schemes.includes(url.protocol) && !(allowed(policy, host) && ['http:', 'https:'].includes(url.protocol)))
    throw new OutboundRefused(`must use ${schemes.map((s) => s.replace(':', '')).join(' or ')}`);
  if (allowed(policy, host)) return { url, host };
  if (net.isIP(host) ? isPrivateAddress(host) : isLocalName(host)) throw new OutboundRefused(INSIDE);
  return { url, host };
}

/**
 * The check made when a URL is saved: `checkOutboundUrl`, then the name resolved (at most 2 s) and
 * refused when any address is inside. A name that does not resolve now is accepted: the request
 * refuses it if it then points inside. Returns why not, or null.
 */
export async function outboundUrlProblem(raw: string, policy: OutboundPolicy = {}): Promise<string | null> {
  try {
    const { host } = checkOutboundUrl(raw, policy);
    if (allowed(policy, host) || net.isIP(host)) return null;
    const resolve = policy.resolve ?? systemResolve;
    const addresses = await Promise.race([
      resolve(host).catch(() => []),
      new Promise<{ address: string }[]>((r) => setTimeout(() => r([]), RESOLVE_TIMEOUT_MS).unref()),
    ]);
    return addresses.some((a) => isPrivateAddress(a.address) && !allowed(policy, a.address)) ? INSIDE : null;
  } catch (err) {
    if (err instanceof OutboundRefused) return err.message;
    throw err;
  }
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/**
 * A socket lookup that applies the policy: resolves the name once, refuses the answer when any address
 * in it is inside (unless the name or that address is allowed), and hands the socket the addresses it
 * checked. For node's http (`lookup`) and undici (`connect.lookup`).
 */
export function policyLookup(policy: OutboundPolicy = {}): net.LookupFunction {
  const resolve = policy.resolve ?? systemResolve;
  return ((hostname: string, options: dns.LookupOptions, callback: LookupCallback) => {
    const host = normalizeHost(hostname);
    const done = (list: { address: string; family: number }[]) => {
      const bad =
        list.length === 0 || (!allowed(policy, host) && list.some((a) => isPrivateAddress(a.address) && !allowed(policy, a.address)));
      if (bad) return callback(Object.assign(new OutboundRefused(INSIDE), { code: 'EOUTBOUNDREFUSED' }), '', 4);
      const wanted = options.family === 4 || options.family === 6 ? list.filter((a) => a.family === options.family) : list;
      if (wanted.length === 0) return callback(Object.assign(new Error(`no address for ${host}`), { code: 'ENOTFOUND' }), '', 4);
      if (options.all) return callback(null, wanted);
      callback(null, wanted[0]!.address, wanted[0]!.family);
    };
    if (net.isIP(host)) return done([{ address: host, family: net.isIP(host) }]);
    resolve(host).then(done, (err: NodeJS.ErrnoException) => callback(err, '', 4));
  }) as unknown as net.LookupFunction;
}

/**
 * An undici dispatcher whose connections go only where the policy allows (its `connect.lookup`).
 * One per policy is enough; callers keep it.
 */
export function outboundAgent(policy: OutboundPolicy = {}): Agent {
  return new Agent({ connect: { lookup: policyLookup(policy) } });
}

export type OutboundInit = UndiciRequestInit & { timeoutMs: number };

/**
 * `fetch` under the policy: the URL checked (scheme, IP literal, local name), the connection made
 * through an Agent whose lookup applies the policy, redirects refused (a redirect could point inside),
 * and a timeout. A refusal is an OutboundRefused; other failures are fetch's own.
 */
export async function outboundFetch(
  raw: string | URL,
  init: OutboundInit,
  policy: OutboundPolicy = {},
  agent: Agent = sharedAgent(policy),
): Promise<UndiciResponse> {
  const { url } = checkOutboundUrl(raw, policy);
  const { timeoutMs, ...rest } = init;
  try {
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = rest.signal ? AbortSignal.any([rest.signal as AbortSignal, timeout]) : timeout;
    return await undiciFetch(url, { ...rest, redirect: 'error', dispatcher: agent, signal });
  } catch (err) {
    const cause = (err as { cause?: unknown }).cause;
    if (cause instanceof OutboundRefused) throw cause;
    throw err;
  }
}

/** Agents by policy (the same allow-list and resolver share one pool). */
const agents = new Map<string, Agent>();
function sharedAgent(policy: OutboundPolicy): Agent {
  if (policy.resolve) return outboundAgent(policy);
  const key = JSON.stringify(policy.allowHosts ?? []);
  let a = agents.get(key);
  if (!a) agents.set(key, (a = outboundAgent(policy)));
  return a;
}

/**
 * Outbound HTTP for agent webhooks, outbound webhooks and integrations (DESIGN.md §10), under the policy
 * above: http/https only, never to an inside address or local
 * name (checked on the address actually connected to, so DNS cannot point a public name at an inside
 * address) unless the host is in WEBHOOK_ALLOW_HOSTS; a timeout; the answer read up to 64 KB.
 */
export class OutboundError extends Error {}

const MAX_BODY = 64 * 1024;

export interface WebhookResult {
  status: number;
  body: unknown;
  headers: http.IncomingHttpHeaders;
}

export interface OutboundOptions {
  timeoutMs: number;
  allowHosts: readonly string[];
  /** How names are resolved (tests); the system resolver by default. */
  resolve?: OutboundPolicy['resolve'];
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
  const policy: OutboundPolicy = { allowHosts: opts.allowHosts, ...(opts.resolve ? { resolve: opts.resolve } : {}) };
  let url: URL;
  try {
    url = checkOutboundUrl(rawUrl, policy).url;
  } catch (err) {
    if (!(err instanceof OutboundRefused)) throw err;
    if (err.message === 'is not a valid URL') throw new OutboundError('The webhook URL is not a valid URL.');
    if (err.message.startsWith('must use')) throw new OutboundError('Webhooks must use http or https.');
    throw new OutboundError('Webhooks cannot reach private or loopback addresses.');
  }
  const lookup = policyLookup(policy);

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
    const timer = setTimeout(
      () => req.destroy(new OutboundError(`The webhook did not answer within ${opts.timeoutMs} ms.`)),
      opts.timeoutMs,
    );
    req.on('error', (e) => {
      clearTimeout(timer);
      if (e instanceof OutboundRefused) return reject(new OutboundError('Webhooks cannot reach private or loopback addresses.'));
      reject(
        e instanceof OutboundError
          ? e
          : new OutboundError(`The webhook could not be reached: ${(e as NodeJS.ErrnoException).code ?? e.message}`),
      );
    });
    req.end(opts.method === 'GET' ? undefined : body);
  });
}
