import { ProviderError, providerJson, unreadable } from '../failures.ts';
import { formatUsdMicros } from '@switchboard/core';
import {
  PayoutError,
  type PayoutEvent,
  type PayoutMethod,
  type PayoutProcessor,
  type PayoutRequest,
  type PayoutResult,
  type PayoutStatus,
} from './index.ts';

/** The parts of a payout batch we read. */
interface PayPalBatch {
  batch_header?: { payout_batch_id?: string; batch_status?: string };
  items?: { transaction_status?: string; errors?: { message?: string } }[];
}

/** PayPal's item states → ours (UNCLAIMED, ONHOLD and PENDING wait; RETURNED/REFUNDED/REVERSED came back). */
const STATES: Record<string, PayoutStatus> = {
  SUCCESS: 'paid',
  FAILED: 'failed',
  BLOCKED: 'failed',
  DENIED: 'failed',
  RETURNED: 'returned',
  REFUNDED: 'returned',
  REVERSED: 'returned',
};

/**
 * PayPal Payouts (REST v1): an OAuth2 client-credentials token (`POST /v1/oauth2/token`, Basic auth),
 * one payout batch per payout (`POST /v1/payments/payouts`, our payout id as `sender_batch_id`, so
 * PayPal refuses a second batch with the same id), PayPal or Venmo as the recipient wallet, and the
 * state read back with `GET /v1/payments/payouts/{batch id}`. `PAYPAL_API_BASE` points it elsewhere
 * (the tests' fake PayPal on 127.0.0.1).
 */
export class PayPalPayouts implements PayoutProcessor {
  readonly kind = 'paypal';
  readonly methods: readonly PayoutMethod[] = ['paypal', 'venmo'];
  private token: { value: string; expires: number } | null = null;

  constructor(private readonly opts: { clientId: string; secret: string; apiBase?: string; timeoutMs?: number }) {}

  onEvent(_listener: (e: PayoutEvent) => Promise<void>): void {
    // Outcomes are polled with `status` (PayPal's webhooks need its verify-signature call).
  }

  private get base() {
    return (this.opts.apiBase ?? 'https://api-m.paypal.com').replace(/\/$/, '');
  }

  /** A request to PayPal: a refusal is final (PayoutError, the money goes back); 429, 5xx, a timeout or an unreadable answer stay retryable. */
  private async request<T>(what: string, path: string, init: RequestInit): Promise<T> {
    try {
      return (await providerJson<T>(`${this.base}${path}`, init, { provider: 'paypal', what, timeoutMs: this.opts.timeoutMs ?? 15_000 }))
        .body;
    } catch (err) {
      if (err instanceof ProviderError && !err.retryable && !(err instanceof PayoutError))
        throw new PayoutError(err.message, { provider: 'paypal', upstreamStatus: err.upstreamStatus });
      throw err;
    }
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.expires > Date.now()) return this.token.value;
    const body = await this.request<{ access_token?: string; expires_in?: number }>('our credentials', '/v1/oauth2/token', {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${this.opts.clientId}:${this.opts.secret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    if (typeof body.access_token !== 'string') throw unreadable('paypal', 'our credentials', 'no access token');
    this.token = { value: body.access_token, expires: Date.now() + ((body.expires_in ?? 600) - 60) * 1000 };
    return body.access_token;
  }

  private async call(what: string, method: string, path: string, body?: unknown): Promise<PayPalBatch> {
    return this.request<PayPalBatch>(what, path, {
      method,
      headers: { authorization: `Bearer ${await this.accessToken()}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  private resultOf(json: PayPalBatch): PayoutResult {
    if (!json?.batch_header?.payout_batch_id) throw unreadable('paypal', 'the payout', 'no batch id');
    const batchId = String(json?.batch_header?.payout_batch_id ?? '');
    const item = json?.items?.[0];
    const state = String(item?.transaction_status ?? '');
    const batch = String(json?.batch_header?.batch_status ?? '');
    const status = STATES[state] ?? (batch === 'DENIED' ? 'failed' : 'pending');
    return { ref: batchId, status, reason: item?.errors?.message ?? (status === 'failed' ? `PayPal: ${state || batch}` : undefined) };
  }

  async send(req: PayoutRequest): Promise<PayoutResult> {
    if (req.amount % 10_000 !== 0) throw new PayoutError('amountUsd: PayPal pays whole cents.', { provider: 'paypal', field: 'amountUsd' });
    const phone = /^\+?[0-9]{7,15}$/.test(req.address);
    const json = await this.call('the payout', 'POST', '/v1/payments/payouts', {
      sender_batch_header: { sender_batch_id: req.id, email_subject: 'You have a payout from Switchboard' },
      items: [
        {
          recipient_type: phone ? 'PHONE' : 'EMAIL',
          amount: { value: formatUsdMicros(req.amount), currency: 'USD' },
          receiver: req.address,
          sender_item_id: req.id,
          recipient_wallet: req.method === 'venmo' ? 'VENMO' : 'PAYPAL',
        },
      ],
    });
    return this.resultOf(json);
  }

  async status(ref: string): Promise<PayoutResult> {
    return this.resultOf(await this.call(`the payout lookup of ${ref}`, 'GET', `/v1/payments/payouts/${encodeURIComponent(ref)}`));
  }
}
