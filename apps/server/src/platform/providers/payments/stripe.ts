import type { Kysely } from 'kysely';
import Stripe from 'stripe';
import { badRequest } from '../../http/errors.ts';
import type { ProviderKeysTable } from '../keys.ts';
import {
  WEBHOOK_TOLERANCE_S,
  WebhookError,
  type CheckoutRequest,
  type CheckoutSession,
  type PaymentEvent,
  type PaymentsProvider,
} from './index.ts';

const MICROS_PER_CENT = 10_000;
const EVENT_TYPES: Record<string, PaymentEvent['type']> = {
  'checkout.session.completed': 'checkout.completed',
  'checkout.session.async_payment_succeeded': 'checkout.completed',
  'checkout.session.expired': 'checkout.canceled',
  'checkout.session.async_payment_failed': 'payment.failed',
};

/** `?session_id={CHECKOUT_SESSION_ID}` on a return URL (Stripe fills the id in). */
function withSessionId(url: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}session_id={CHECKOUT_SESSION_ID}`;
}

/**
 * Stripe through its own `stripe` package: Checkout sessions (one payment of the amount, in cents),
 * the Billing portal, and webhooks verified with Stripe's signature scheme (`stripe-signature`, 300 s
 * tolerance). One Stripe customer per account, created once (idempotency key) and remembered in
 * `provider_keys`. `STRIPE_API_BASE` points the package at another server (the tests' fake Stripe).
 */
export class StripePayments implements PaymentsProvider {
  readonly kind = 'stripe' as const;
  readonly signatureHeader = 'stripe-signature';
  private readonly stripe: Stripe;

  constructor(
    private readonly db: Kysely<{ provider_keys: ProviderKeysTable }>,
    opts: { secretKey: string; webhookSecret: string; apiBase?: string },
  ) {
    const base = opts.apiBase ? new URL(opts.apiBase) : null;
    this.stripe = new Stripe(opts.secretKey, {
      maxNetworkRetries: 2,
      ...(base
        ? {
            host: base.hostname,
            port: base.port || (base.protocol === 'https:' ? 443 : 80),
            protocol: base.protocol.replace(':', '') as 'http' | 'https',
          }
        : {}),
    });
    this.webhookSecret = opts.webhookSecret;
  }
  private readonly webhookSecret: string;

  onWebhook(): void {
    // Stripe delivers its webhooks over HTTP to /api/v1/payments/webhook.
  }

  private async customerOf(account: string): Promise<string> {
    const name = `stripe_customer:${account}`;
    const known = await this.db.selectFrom('provider_keys').select('value').where('name', '=', name).executeTakeFirst();
    if (known) return known.value;
    const customer = await this.stripe.customers.create({ metadata: { account } }, { idempotencyKey: `customer-${account}` });
    await this.db
      .insertInto('provider_keys')
      .values({ name, value: customer.id, created_at: Date.now() })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    return (await this.db.selectFrom('provider_keys').select('value').where('name', '=', name).executeTakeFirstOrThrow()).value;
  }

  async createCheckout(req: CheckoutRequest): Promise<CheckoutSession> {
    if (req.amount % MICROS_PER_CENT !== 0) throw badRequest('amount: cards are charged in whole cents.', 'amount');
    const session = await this.stripe.checkout.sessions.create({
      mode: 'payment',
      customer: await this.customerOf(req.customer),
      client_reference_id: req.reference,
      line_items: [
        {
          quantity: 1,
          price_data: { currency: req.currency, unit_amount: req.amount / MICROS_PER_CENT, product_data: { name: req.description } },
        },
      ],
      success_url: withSessionId(req.successUrl),
      cancel_url: withSessionId(req.cancelUrl),
    });
    if (!session.url) throw new Error('Stripe gave no checkout URL');
    return { id: session.id, url: session.url };
  }

  async portalUrl(customer: string, returnUrl: string): Promise<string> {
    const session = await this.stripe.billingPortal.sessions.create({ customer: await this.customerOf(customer), return_url: returnUrl });
    return session.url;
  }

  async verifyWebhook(rawBody: string, signature: string | undefined, now = Date.now()): Promise<PaymentEvent> {
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(
        rawBody,
        signature ?? '',
        this.webhookSecret,
        WEBHOOK_TOLERANCE_S,
        undefined,
        Math.floor(now / 1000),
      );
    } catch (err) {
      throw new WebhookError((err as Error).message || 'Invalid signature.');
    }
    const type = EVENT_TYPES[event.type] ?? 'ignored';
    const obj = event.data.object as { id?: string; client_reference_id?: string | null; amount_total?: number | null };
    return {
      id: event.id,
      type,
      sessionId: obj.id ?? '',
      reference: obj.client_reference_id ?? '',
      amount: (obj.amount_total ?? 0) * MICROS_PER_CENT,
      created: event.created * 1000,
    };
  }
}
