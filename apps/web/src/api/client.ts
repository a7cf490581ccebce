import { clearSession, getAdminToken, getToken } from './session.ts';

/** A failed API call: the server's `{success:false, message, code, field}` envelope in words. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The message without a leading "field: " that validation errors carry. */
  get fieldMessage(): string {
    const m = this.field && this.message.startsWith(`${this.field}: `) ? this.message.slice(this.field.length + 2) : this.message;
    return sentence(m);
  }
}

/** 'not a valid phone number' → 'Not a valid phone number.' */
export function sentence(text: string): string {
  const t = text.trim();
  if (!t) return t;
  const first = t[0]!.toUpperCase() + t.slice(1);
  return /[.!?]$/.test(first) ? first : `${first}.`;
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  /** Acting-account override: a number sends it as targetAccountId; false sends none. */
  target?: number | false;
  /** Send without the session token (sign-in calls). */
  anonymous?: boolean;
}

/** The account the app acts as (set by the /app route from its path); sent as `targetAccountId`. */
let actingAccountId: number | null = null;
export function setActingAccount(id: number | null): void {
  actingAccountId = id;
}
export function getActingAccount(): number | null {
  return actingAccountId;
}

/** Builds the request URL with token, targetAccountId and adminToken query parameters (spec §6, §7). */
export function buildUrl(path: string, opts: RequestOptions = {}, session = { token: getToken(), adminToken: getAdminToken() }): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(opts.query ?? {})) {
    if (v !== undefined && v !== null) params.set(k, String(v));
  }
  if (!opts.anonymous) {
    if (session.token && !params.has('token')) params.set('token', session.token);
    const target = opts.target === undefined ? actingAccountId : opts.target;
    if (target !== false && target != null && !params.has('targetAccountId')) params.set('targetAccountId', String(target));
    if (session.adminToken && !params.has('adminToken')) params.set('adminToken', session.adminToken);
  }
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

export async function api<T = Record<string, unknown>>(path: string, opts: RequestOptions = {}): Promise<T> {
  const init: RequestInit = { method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'), signal: opts.signal };
  if (opts.body instanceof FormData) {
    init.body = opts.body;
  } else if (opts.body !== undefined) {
    init.body = JSON.stringify(opts.body);
    init.headers = { 'content-type': 'application/json' };
  }
  let res: Response;
  try {
    res = await fetch(buildUrl(path, opts), init);
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new ApiError('Could not reach the server. Check your connection and try again.', 0, 'network');
  }
  let data: Record<string, unknown> = {};
  try {
    data = (await res.json()) as Record<string, unknown>;
  } catch {
    /* empty or non-JSON answer */
  }
  if (!res.ok || data.success === false) {
    const message = typeof data.message === 'string' && data.message ? data.message : `Something went wrong (${res.status}).`;
    throw new ApiError(message, res.status, data.code as string | undefined, data.field as string | undefined);
  }
  return data as T;
}

/** The account read: a failure for the signed-in user's own account signs out (spec §7). */
export async function readAccount<T>(target: number | null, signal?: AbortSignal): Promise<T> {
  try {
    return await api<T>('/api/v1/account', { target: target ?? false, signal });
  } catch (e) {
    if (e instanceof ApiError && (e.status === 401 || (target == null && e.status !== 0))) clearSession();
    throw e;
  }
}
