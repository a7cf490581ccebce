import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import {
  SIGNATURE_HEADER,
  signPayload,
  verifySignature,
  WebhookError,
  type CheckoutRequest,
  type CheckoutSession,
  type PaymentEvent,
  type PaymentsProvider,
} from './index.ts';
import { providerKey, type ProviderKeysTable } from '../keys.ts';

export interface LocalCheckoutSessionsTable {
  id: string;
  mode: string;
  amount: number;
  currency: string;
  description: string;
  reference: string;
  status: 'open' | 'paid' | 'canceled' | 'expired';
  success_url: string;
  cancel_url: string;
  created_at: number;
  expires_at: number;
}

export interface LocalPaymentsTables {
  local_checkout_sessions: LocalCheckoutSessionsTable;
  provider_keys: ProviderKeysTable;
}

/** A checkout page stays payable this long (Stripe: 24 hours). */
const SESSION_TTL_MS = 24 * 3600_000;

/**
 * The local payment processor: it keeps its checkout sessions (open → paid | canceled | expired), shows
 * a checkout page at /pay/checkout/:id (a path on this server) where the customer pays or cancels, and sends a webhook signed
 * with its secret (HMAC-SHA256 over timestamp and body) for each outcome. Paying an expired or already
 * settled session fails as a real processor's would. The webhook secret is kept in the database.
 */
export class LocalPayments implements PaymentsProvider {
  readonly kind = 'local' as const;
  readonly signatureHeader = SIGNATURE_HEADER;
  private deliver: ((body: string, signature: string) => Promise<void>) | null = null;

  constructor(
    private readonly db: Kysely<LocalPaymentsTables>,
    private readonly log: Logger,
  ) {}

  onWebhook(deliver: (body: string, signature: string) => Promise<void>): void {
    this.deliver = deliver;
  }

  private secret(): Promise<string> {
    return providerKey(this.db, 'payments_webhook_secret', () => `whsec_${crypto.randomBytes(24).toString('hex')}`);
  }

  async createCheckout(req: CheckoutRequest): Promise<CheckoutSession> {
    const id = `cs_local_${crypto.randomBytes(12).toString('hex')}`;
    const now = Date.now();
    await this.db
      .insertInto('local_checkout_sessions')
      .values({
        id,
        mode: req.mode,
        amount: req.amount,
        currency: req.currency,
        description: req.description.slice(0, 200),
        reference: req.reference,
        status: 'open',
        success_url: req.successUrl,
        cancel_url: req.cancelUrl,
        created_at: now,
        expires_at: now + SESSION_TTL_MS,
      })
      .execute();
    // A path on this same server: it answers on whichever host the customer reached it by.
    return { id, url: `/pay/checkout/${id}` };
  }

  /** A portal link valid for an hour, signed so that no one can open another customer's portal. */
  async portalUrl(customer: string, returnUrl: string, now = Date.now()): Promise<string> {
    const exp = String(Math.floor(now / 1000) + 3600);
    const sig = crypto
      .createHmac('sha256', await this.secret())
      .update(`portal|${customer}|${returnUrl}|${exp}`)
      .digest('hex');
    return `/pay/portal?${new URLSearchParams({ customer, return: returnUrl, exp, sig })}`;
  }

  /** The customer of a portal link, or null when its signature is wrong or it expired. */
  async portalCustomer(q: { customer?: string; return?: string; exp?: string; sig?: string }, now = Date.now()): Promise<string | null> {
    if (!q.customer || !q.return || !q.exp || !q.sig || Number(q.exp) * 1000 < now) return null;
    const sig = crypto
      .createHmac('sha256', await this.secret())
      .update(`portal|${q.customer}|${q.return}|${q.exp}`)
      .digest();
    const given = Buffer.from(q.sig, 'hex');
    return given.length === sig.length && crypto.timingSafeEqual(given, sig) ? q.customer : null;
  }

  async session(id: string): Promise<LocalCheckoutSessionsTable | undefined> {
    const row = await this.db.selectFrom('local_checkout_sessions').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? { ...row, amount: Number(row.amount), created_at: Number(row.created_at), expires_at: Number(row.expires_at) } : undefined;
  }

  /**
   * The customer pays or cancels on the checkout page: the session moves once (a second press changes
   * nothing and sends nothing), then the signed webhook goes out. Returns where to send the customer.
   */
  async settle(id: string, outcome: 'paid' | 'canceled', now = Date.now()): Promise<{ redirect: string; status: string } | null> {
    const s = await this.session(id);
    if (!s) return null;
    if (s.status === 'open' && s.expires_at <= now) {
      await this.db
        .updateTable('local_checkout_sessions')
        .set({ status: 'expired' })
        .where('id', '=', id)
        .where('status', '=', 'open')
        .execute();
      return { redirect: s.cancel_url, status: 'expired' };
    }
    const moved = await this.db
      .updateTable('local_checkout_sessions')
      .set({ status: outcome })
      .where('id', '=', id)
      .where('status', '=', 'open')
      .returning('id')
      .executeTakeFirst();
    const status = moved ? outcome : s.status;
    if (moved)
      await this.send({
        id: `evt_${id}_${outcome}`,
        type: outcome === 'paid' ? 'checkout.completed' : 'checkout.canceled',
        sessionId: id,
        reference: s.reference,
        amount: s.amount,
        created: now,
      });
    const target = status === 'paid' ? s.success_url : s.cancel_url;
    const url = new URL(target);
    url.searchParams.set('session_id', id);
    return { redirect: url.toString(), status };
  }

  /** Signs and delivers one event; a failed delivery is logged (the event can be sent again with `resend`). */
  async send(event: PaymentEvent, now = Date.now()): Promise<void> {
    const body = JSON.stringify(event);
    const signature = signPayload(await this.secret(), body, Math.floor(now / 1000));
    try {
      await this.deliver?.(body, signature);
    } catch (err) {
      this.log.warn({ err, event: event.id }, 'local payments: webhook delivery failed');
    }
  }

  /** Signs a body as this processor would (tests use it to replay or forge deliveries). */
  async sign(body: string, timestampS: number): Promise<string> {
    return signPayload(await this.secret(), body, timestampS);
  }

  async verifyWebhook(rawBody: string, signature: string | undefined, now = Date.now()): Promise<PaymentEvent> {
    verifySignature(await this.secret(), rawBody, signature, Math.floor(now / 1000));
    let event: PaymentEvent;
    try {
      event = JSON.parse(rawBody) as PaymentEvent;
    } catch {
      throw new WebhookError('The webhook body is not JSON.');
    }
    if (typeof event.id !== 'string' || typeof event.sessionId !== 'string' || !Number.isSafeInteger(event.amount)) {
      throw new WebhookError('The webhook body is not an event.');
    }
    return event;
  }
}
