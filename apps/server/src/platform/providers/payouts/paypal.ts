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

  constructor(private readonly opts: { clientId: string; secret: string; apiBase?: string }) {}

  onEvent(_listener: (e: PayoutEvent) => Promise<void>): void {
    // Outcomes are polled with `status` (PayPal's webhooks need its verify-signature call).
  }

  private get base() {
    return (this.opts.apiBase ?? 'https://api-m.paypal.com').replace(/\/$/, '');
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.expires > Date.now()) return this.token.value;
    const res = await fetch(`${this.base}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${this.opts.clientId}:${this.opts.secret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    if (!res.ok) throw new PayoutError(`PayPal refused the credentials (${res.status}).`);
    const body = (await res.json()) as { access_token: string; expires_in: number };
    this.token = { value: body.access_token, expires: Date.now() + (body.expires_in - 60) * 1000 };
    return body.access_token;
  }

  private async call(method: string, path: string, body?: unknown): Promise<{ status: number; json: any }> {
    const res = await fetch(`${this.base}${path}`, {
      method,
      headers: { authorization: `Bearer ${await this.accessToken()}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, json: await res.json().catch(() => ({})) };
  }

  private resultOf(json: any): PayoutResult {
    const batchId = String(json?.batch_header?.payout_batch_id ?? '');
    const item = json?.items?.[0];
    const state = String(item?.transaction_status ?? '');
    const batch = String(json?.batch_header?.batch_status ?? '');
    const status = STATES[state] ?? (batch === 'DENIED' ? 'failed' : 'pending');
    return { ref: batchId, status, reason: item?.errors?.message ?? (status === 'failed' ? `PayPal: ${state || batch}` : undefined) };
  }

  async send(req: PayoutRequest): Promise<PayoutResult> {
    if (req.amount % 10_000 !== 0) throw new PayoutError('amountUsd: PayPal pays whole cents.');
    const phone = /^\+?[0-9]{7,15}$/.test(req.address);
    const { status, json } = await this.call('POST', '/v1/payments/payouts', {
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
    if (status === 201 || status === 200) return this.resultOf(json);
    throw new PayoutError(`PayPal refused the payout: ${json?.message ?? json?.name ?? status}`);
  }

  async status(ref: string): Promise<PayoutResult> {
    const { status, json } = await this.call('GET', `/v1/payments/payouts/${encodeURIComponent(ref)}`);
    if (status !== 200) throw new PayoutError(`PayPal could not read payout ${ref} (${status}).`);
    return this.resultOf(json);
  }
}
