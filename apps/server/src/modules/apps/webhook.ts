import http from 'node:http';
import https from 'node:https';
import { checkOutboundUrl, OutboundRefused, policyLookup, type OutboundPolicy } from '../../platform/http/outbound.ts';

/**
 * Outbound HTTP for agent webhooks, outbound webhooks and integrations (DESIGN.md §10), under the one
 * outbound policy (`platform/http/outbound.ts`): http/https only, never to an inside address or local
 * name (checked on the address actually connected to, so DNS cannot point a public name at an inside
 * address) unless the host is in WEBHOOK_ALLOW_HOSTS; a timeout; the answer read up to 64 KB.
 */
export class WebhookError extends Error {}

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
    if (err.message === 'is not a valid URL') throw new WebhookError('The webhook URL is not a valid URL.');
    if (err.message.startsWith('must use')) throw new WebhookError('Webhooks must use http or https.');
    throw new WebhookError('Webhooks cannot reach private or loopback addresses.');
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
      () => req.destroy(new WebhookError(`The webhook did not answer within ${opts.timeoutMs} ms.`)),
      opts.timeoutMs,
    );
    req.on('error', (e) => {
      clearTimeout(timer);
      if (e instanceof OutboundRefused) return reject(new WebhookError('Webhooks cannot reach private or loopback addresses.'));
      reject(
        e instanceof WebhookError
          ? e
          : new WebhookError(`The webhook could not be reached: ${(e as NodeJS.ErrnoException).code ?? e.message}`),
      );
    });
    req.end(opts.method === 'GET' ? undefined : body);
  });
}
