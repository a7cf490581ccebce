import type { Deps } from '../../../deps.ts';
import { OutboundError, requestJson, type WebhookResult } from '../../../platform/http/outbound.ts';
import { DEFAULT_RETRY_AFTER_S, ProviderError, retryAfterOf, theirMessage } from '../../../platform/providers/failures.ts';

/** A failed call to an integration's API: what the user sees in the integration's health. */
export class IntegrationCallError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly kind: 'auth' | 'rate_limited' | 'unavailable' | 'rejected' | 'network',
    readonly retryAfterSec?: number,
  ) {
    super(message);
  }

  /**
   * The answer the API gives for it (platform/providers/failures.ts): an outage, a rate limit or no
   * answer is a 503 with Retry-After, a refusal by the service a 502, our own check (no status) a 422.
   */
  toProviderError(): ProviderError {
    const retryable = this.kind === 'rate_limited' || this.kind === 'unavailable' || this.kind === 'network';
    return new ProviderError('integration', this.message, retryable, {
      retryAfter: this.retryAfterSec,
      upstreamStatus: this.status ?? undefined,
      ...(!retryable && this.status == null ? { code: 'rule_broken' as const } : {}),
    });
  }
}

/** How long an integration's API may take when the server sets no PROVIDER_TIMEOUT_MS. */
export const INTEGRATION_TIMEOUT_MS = 10_000;

/** Everything an adapter needs for one call: the credentials, the settings, how to keep refreshed credentials. */
export interface AdapterContext {
  deps: Deps;
  credentials: Record<string, string>;
  settings: Record<string, unknown>;
  /** Stores credentials an adapter refreshed (OAuth 2.0), sealed like the others. */
  saveCredentials(next: Record<string, string>): Promise<void>;
}

export interface CheckResult {
  valid: boolean;
  status: number | null;
  message?: string;
  /** Settings learned from the service (an MCP server's tools), stored with the connection. */
  settings?: Record<string, unknown>;
}

export interface FunctionCall {
  args: Record<string, unknown>;
  /** The caller's address when the conversation has one. */
  from?: string;
  message: string;
  roomId?: string;
}

export interface IntegrationAdapter {
  check(ctx: AdapterContext): Promise<CheckResult>;
  run(ctx: AdapterContext, fn: string, call: FunctionCall): Promise<Record<string, unknown>>;
}

/**
 * One API call with the outbound checks of apps/webhook.ts (no private addresses unless
 * WEBHOOK_ALLOW_HOSTS, a timeout, a capped answer). Statuses become IntegrationCallErrors by kind.
 */
export async function callApi(
  deps: Deps,
  service: string,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  o: { bearer?: string; basic?: [string, string]; json?: unknown; form?: Record<string, string> } = {},
): Promise<WebhookResult> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (o.bearer) headers.authorization = `Bearer ${o.bearer}`;
  if (o.basic) headers.authorization = `Basic ${Buffer.from(o.basic.join(':')).toString('base64')}`;
  let body: string | undefined;
  if (o.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(o.form).toString();
  } else if (o.json !== undefined) {
    headers['content-type'] = 'application/json; charset=utf-8';
    body = JSON.stringify(o.json);
  }
  let res: WebhookResult;
  try {
    const timeoutMs = deps.config.PROVIDER_TIMEOUT_MS ?? INTEGRATION_TIMEOUT_MS;
    res = await requestJson(url, { method, body, headers, timeoutMs, allowHosts: deps.config.WEBHOOK_ALLOW_HOSTS });
  } catch (err) {
    if (err instanceof OutboundError)
      throw new IntegrationCallError(
        `${service} could not be reached: ${err.message.replace(/^The webhook /, '')}`,
        null,
        'network',
        DEFAULT_RETRY_AFTER_S,
      );
    throw err;
  }
  if (res.status >= 200 && res.status < 300) {
    // An answer that is not JSON (a proxy's error page) is not the service's answer.
    if (typeof res.body === 'string' && res.body.trim() !== '')
      throw new IntegrationCallError(
        `${service} sent an answer we could not read (not JSON).`,
        res.status,
        'unavailable',
        DEFAULT_RETRY_AFTER_S,
      );
    return res;
  }
  throw statusError(service, res);
}

export function statusError(service: string, res: WebhookResult): IntegrationCallError {
  const s = res.status;
  if (s === 401 || s === 403) return new IntegrationCallError(`${service} refused the credentials (${s}); connect it again.`, s, 'auth');
  if (s === 429) {
    const header = res.headers['retry-after'];
    const sec = retryAfterOf(new Headers(header ? { 'retry-after': String(header) } : {}));
    return new IntegrationCallError(`${service} is rate limiting requests (429); retry after ${sec} s.`, s, 'rate_limited', sec);
  }
  if (s >= 500) return new IntegrationCallError(`${service} is unavailable (${s}).`, s, 'unavailable', DEFAULT_RETRY_AFTER_S);
  return new IntegrationCallError(
    `${service} refused the request (${s}): ${theirMessage(res.body, typeof res.body === 'string' ? res.body : '')}.`,
    s,
    'rejected',
  );
}

export const text = (v: unknown): string => (v == null ? '' : String(v).trim());
