import { AppError, type ErrorCode } from '../http/errors.ts';

/**
 * How every adapter reports what an outside provider did, in the API's terms (docs/operations.md,
 * "Provider failures"):
 * - a refusal caused by the user's input: a 4xx naming the field (the adapter says which);
 * - any other refusal: 502 "<Provider> refused <what> (<status>): <their message>";
 * - 429, 5xx, a timeout, no connection or an answer we cannot read: 503 with Retry-After.
 * Never a 500. Jobs and the call pipeline read `retryable` to decide whether to try again.
 */

/** Seconds a client is told to wait when the provider does not say. */
export const DEFAULT_RETRY_AFTER_S = 30;

export interface ProviderErrorOptions {
  /** The API's code for it: default 503 `unavailable` when retryable, else 502 `provider_refused`. */
  code?: ErrorCode;
  field?: string;
  /** Seconds before trying again (a retryable failure): the provider's Retry-After, else the default. */
  retryAfter?: number;
  /** The provider's HTTP status, when it answered. */
  upstreamStatus?: number;
}

export class ProviderError extends AppError {
  readonly upstreamStatus?: number;
  constructor(
    readonly provider: string,
    message: string,
    /** A failure the caller may retry (network, rate limit, outage) rather than a permanent refusal. */
    readonly retryable = false,
    o: ProviderErrorOptions = {},
  ) {
    super(
      o.code ?? (retryable ? 'unavailable' : 'provider_refused'),
      message,
      o.field,
      retryable ? (o.retryAfter ?? DEFAULT_RETRY_AFTER_S) : undefined,
    );
    this.name = 'ProviderError';
    this.upstreamStatus = o.upstreamStatus;
  }
}

/** A provider's display name from its key: 'twilio' → 'Twilio'; adapters may pass the display name itself. */
const display = (provider: string) => PROVIDER_NAMES[provider] ?? provider;
const PROVIDER_NAMES: Record<string, string> = {
  twilio: 'Twilio',
  stripe: 'Stripe',
  paypal: 'PayPal',
  lnd: 'LND',
  lnbits: 'LNbits',
  google: 'Google Calendar',
  calendly: 'Calendly',
  hubspot: 'HubSpot',
  slack: 'Slack',
  freshdesk: 'Freshdesk',
  jobs: 'The job service',
  smtp: 'The mail server',
};

/** Retry-After from a response: seconds (or an HTTP date), kept between 1 s and an hour. */
export function retryAfterOf(headers: Headers | undefined): number {
  const raw = headers?.get('retry-after');
  if (!raw) return DEFAULT_RETRY_AFTER_S;
  const secs = /^\d+$/.test(raw.trim()) ? Number(raw) : Math.ceil((Date.parse(raw) - Date.now()) / 1000);
  return Number.isFinite(secs) ? Math.min(3600, Math.max(1, secs)) : DEFAULT_RETRY_AFTER_S;
}

/** A vendor's JSON body, read field by field. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = Record<string, any>;

/** The provider's own words from an error body, whatever its shape, kept short; else a word about the status. */
export function theirMessage(body: unknown, text = ''): string {
  const b = body as Loose | null | undefined;
  const pick = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
  const found =
    (b && typeof b === 'object'
      ? (pick(b.error?.message) ??
        pick(b.message) ??
        pick(b.error_description) ??
        pick(b.detail?.message) ??
        pick(b.detail) ??
        pick(b.description) ??
        pick(b.err_msg) ??
        pick(b.title) ??
        pick(b.error))
      : undefined) ?? (text && !/^\s*</.test(text) ? pick(text) : undefined);
  return (found ?? 'no detail').replace(/\s+/g, ' ').slice(0, 300);
}

export interface HttpRefusal {
  status: number;
  body?: unknown;
  text?: string;
  headers?: Headers;
  /** A code in the body (Twilio's 20404, Stripe's `code`) shown beside the status. */
  vendorCode?: string | number;
}

/**
 * The error for a non-2xx answer. `userField` names the field when the refusal was caused by the user's
 * input (then a 400, or `userCode`), which only the adapter can tell from the vendor's code.
 */
export function refusal(provider: string, what: string, r: HttpRefusal, user?: { field: string; code?: ErrorCode }): ProviderError {
  const name = display(provider);
  const their = theirMessage(r.body, r.text);
  const tag = `${r.status}${r.vendorCode != null && r.vendorCode !== '' ? ` ${r.vendorCode}` : ''}`;
  if (r.status === 429 || r.status >= 500) {
    const why = r.status === 429 ? 'is rate limiting us' : 'is having trouble';
    return new ProviderError(provider, `${name} ${why} (${tag}) and could not handle ${what}: ${their}. Try again shortly.`, true, {
      retryAfter: retryAfterOf(r.headers),
      upstreamStatus: r.status,
    });
  }
  if (user) {
    return new ProviderError(provider, `${user.field}: ${name} refused ${what} (${tag}): ${their}`, false, {
      code: user.code ?? 'bad_request',
      field: user.field,
      upstreamStatus: r.status,
    });
  }
  return new ProviderError(provider, `${name} refused ${what} (${tag}): ${their}`, false, { upstreamStatus: r.status });
}

/** No answer in time. */
export const timedOut = (provider: string, what: string, ms: number) =>
  new ProviderError(
    provider,
    `${display(provider)} did not answer ${what} within ${Math.round(ms / 100) / 10} s. Try again shortly.`,
    true,
  );

/** No connection (refused, reset, DNS). */
export const unreachable = (provider: string, what: string, err: unknown) =>
  new ProviderError(
    provider,
    `${display(provider)} could not be reached for ${what}: ${(err as Error)?.message ?? String(err)}. Try again shortly.`,
    true,
  );

/** A 2xx answer we cannot read (not JSON, or not the shape the vendor documents). */
export const unreadable = (provider: string, what: string, detail = 'not JSON') =>
  new ProviderError(provider, `${display(provider)} sent an answer to ${what} we could not read (${detail}). Try again shortly.`, true);

/** What a request to a provider failed with: a timeout, no connection, or the caller's own abort (passed through). */
export function networkFailure(provider: string, what: string, err: unknown, timeout: { signal: AbortSignal; ms: number }): unknown {
  if (err instanceof ProviderError) return err;
  if (timeout.signal.aborted) return timedOut(provider, what, timeout.ms);
  if ((err as Error)?.name === 'AbortError') return err;
  return unreachable(provider, what, err);
}

export interface ProviderRequest {
  provider: string;
  /** What we asked for, in words: 'the number search', 'the checkout', 'the payout'. */
  what: string;
  timeoutMs: number;
  /** The caller's own signal (a call that hung up); its abort passes through unchanged. */
  signal?: AbortSignal;
  /** The field a 4xx is about when the user's input caused it (from the status, body and vendor code). */
  userField?: (r: HttpRefusal) => { field: string; code?: ErrorCode } | undefined;
  /** The vendor's error code in a body (default: `code`, or `error.code`). */
  vendorCode?: (body: Loose) => string | number | undefined;
  /** Statuses that are answers rather than failures (Twilio's 404 for a country it has no numbers in). */
  accept?: number[];
}

export interface ProviderAnswer<T> {
  status: number;
  body: T;
  headers: Headers;
}

/**
 * One JSON request to a provider with a time limit: the parsed body on 2xx (or an accepted status),
 * else the mapped ProviderError. An empty 2xx body reads as {}.
 */
export async function providerJson<T = Loose>(url: string, init: RequestInit, o: ProviderRequest): Promise<ProviderAnswer<T>> {
  const timeout = AbortSignal.timeout(o.timeoutMs);
  const signal = o.signal ? AbortSignal.any([timeout, o.signal]) : timeout;
  let res: Response;
  let text: string;
  try {
    res = await fetch(url, { ...init, signal });
    text = await res.text();
  } catch (err) {
    throw networkFailure(o.provider, o.what, err, { signal: timeout, ms: o.timeoutMs });
  }
  let body: unknown;
  let parsed = true;
  try {
    body = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    parsed = false;
    body = undefined;
  }
  const ok = res.ok || (o.accept?.includes(res.status) ?? false);
  if (!ok) {
    const r: HttpRefusal = {
      status: res.status,
      body,
      text,
      headers: res.headers,
      vendorCode: o.vendorCode ? o.vendorCode((body ?? {}) as Loose) : defaultVendorCode(body as Loose | undefined),
    };
    throw refusal(o.provider, o.what, r, parsed ? o.userField?.(r) : undefined);
  }
  if (!parsed) throw unreadable(o.provider, o.what);
  return { status: res.status, body: body as T, headers: res.headers };
}

function defaultVendorCode(body: Loose | undefined): string | number | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const c = body.code ?? body.error?.code;
  return typeof c === 'string' || typeof c === 'number' ? c : undefined;
}
