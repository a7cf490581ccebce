import type { Kysely } from 'kysely';
import Stripe from 'stripe';
import { badRequest } from '../../http/errors.ts';
import { ProviderError, refusal, unreachable, unreadable } from '../failures.ts';
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

/** What a Stripe event adds to the common fields of our event. */
type EventPart = Partial<PaymentEvent> & Pick<PaymentEvent, 'type'>;

/** The parts of a Stripe invoice a renewal event needs (its shape moved between API versions). */
interface StripeInvoiceLike {
  amount_paid?: number;
  amount_due?: number;
  period_end?: number;
  metadata?: Record<string, string> | null;
  subscription_details?: { metadata?: Record<string, string> | null } | null;
  parent?: { subscription_details?: { metadata?: Record<string, string> | null } | null } | null;
  lines?: { data?: { period?: { end?: number } }[] };
}

/**
 * `invoice.paid` → `subscription.renewed`, `invoice.payment_failed` → `subscription.payment_failed`. The
 * subscription is named by the checkout that started it: metadata `checkout_session` on the invoice or
 * its subscription. The period is the invoice line's period end.
 */
function invoiceEvent(type: string, inv: StripeInvoiceLike): EventPart {
  const mapped =
    type === 'invoice.paid' ? 'subscription.renewed' : type === 'invoice.payment_failed' ? 'subscription.payment_failed' : null;
  if (!mapped) return { type: 'ignored' };
  const meta =
    inv.metadata?.checkout_session ??
    inv.subscription_details?.metadata?.checkout_session ??
    inv.parent?.subscription_details?.metadata?.checkout_session;
  const end = inv.lines?.data?.[0]?.period?.end ?? inv.period_end;
  return {
    type: mapped,
    sessionId: meta ?? '',
    amount: ((mapped === 'subscription.renewed' ? inv.amount_paid : inv.amount_due) ?? 0) * MICROS_PER_CENT,
    ...(end ? { periodEnd: end * 1000 } : {}),
  };
}

/** The `stripe` package's client, pointed at `apiBase` when given (the tests' fake Stripe). */
export function stripeClient(secretKey: string, apiBase?: string, timeoutMs = 15_000): Stripe {
  const base = apiBase ? new URL(apiBase) : null;
  return new Stripe(secretKey, {
    maxNetworkRetries: 2,
    timeout: timeoutMs,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol.replace(':', '') as 'http' | 'https',
        }
      : {}),
  });
}

/**
 * A Stripe error as the API answers it (platform/providers/failures.ts): no connection or a timeout is a
 * 503, a refusal a 502 with Stripe's message, 429/5xx a 503 with Retry-After. Other errors pass through.
 */
export function stripeFailure(what: string, err: unknown): unknown {
  if (err instanceof ProviderError || !(err instanceof Stripe.errors.StripeError)) return err;
  if (err instanceof Stripe.errors.StripeConnectionError || !err.statusCode || err.statusCode < 400) {
    if (/timeout|timed out/i.test(err.message))
      return new ProviderError('stripe', `Stripe did not answer ${what} in time. Try again shortly.`, true);
    if (/JSON/i.test(err.message)) return unreadable('stripe', what);
    return unreachable('stripe', what, err);
  }
  const headers = new Headers();
  const ra = (err.headers as Record<string, string> | undefined)?.['retry-after'];
  if (ra) headers.set('retry-after', String(ra));
  return refusal('stripe', what, { status: err.statusCode, body: { message: err.message }, headers, vendorCode: err.code });
}

/** Runs one Stripe request, its failure mapped by stripeFailure. */
export async function stripeCall<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    throw stripeFailure(what, err);
  }
}

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
    opts: { secretKey: string; webhookSecret: string; apiBase?: string; timeoutMs?: number },
  ) {
    this.stripe = stripeClient(opts.secretKey, opts.apiBase, opts.timeoutMs);
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
    const customer = await stripeCall('the customer record', () =>
      this.stripe.customers.create({ metadata: { account } }, { idempotencyKey: `customer-${account}` }),
    );
    await this.db
      .insertInto('provider_keys')
      .values({ name, value: customer.id, created_at: Date.now() })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    return (await this.db.selectFrom('provider_keys').select('value').where('name', '=', name).executeTakeFirstOrThrow()).value;
  }

  async createCheckout(req: CheckoutRequest): Promise<CheckoutSession> {
    if (req.amount % MICROS_PER_CENT !== 0) throw badRequest('amount: cards are charged in whole cents.', 'amount');
    const customer = await this.customerOf(req.customer);
    const session = await stripeCall('the checkout', () =>
      this.stripe.checkout.sessions.create({
        mode: 'payment',
        customer,
        client_reference_id: req.reference,
        line_items: [
          {
            quantity: 1,
            price_data: { currency: req.currency, unit_amount: req.amount / MICROS_PER_CENT, product_data: { name: req.description } },
          },
        ],
        success_url: withSessionId(req.successUrl),
        cancel_url: withSessionId(req.cancelUrl),
      }),
    );
    if (!session.url) throw unreadable('stripe', 'the checkout', 'no checkout URL');
    return { id: session.id, url: session.url };
  }

  async portalUrl(customer: string, returnUrl: string): Promise<string> {
    const id = await this.customerOf(customer);
    const session = await stripeCall('the billing portal', () =>
      this.stripe.billingPortal.sessions.create({ customer: id, return_url: returnUrl }),
    );
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
    const base = { id: event.id, created: event.created * 1000, sessionId: '', reference: '', amount: 0 };
    const obj = event.data.object as unknown as Record<string, unknown>;
    if (event.type.startsWith('invoice.')) return { ...base, ...invoiceEvent(event.type, obj as unknown as StripeInvoiceLike) };
    if (event.type === 'charge.dispute.created' || event.type === 'charge.dispute.closed')
      return { ...base, ...(await this.disputeEvent(event.type, obj as unknown as Stripe.Dispute)) };
    if (event.type === 'transfer.reversed') return { ...base, type: 'payout.returned', payoutRef: String(obj.id ?? '') };
    const type = EVENT_TYPES[event.type] ?? 'ignored';
    const co = obj as { id?: string; client_reference_id?: string | null; amount_total?: number | null };
    return {
      ...base,
      type,
      sessionId: co.id ?? '',
      reference: co.client_reference_id ?? '',
      amount: (co.amount_total ?? 0) * MICROS_PER_CENT,
    };
  }

  /**
   * `charge.dispute.created` / `closed` (won or lost) → a dispute of the checkout whose payment intent
   * was disputed (looked up with the Checkout Sessions list by `payment_intent`). Inquiries
   * (`warning_*` states) move no money and are ignored.
   */
  private async disputeEvent(type: string, d: Stripe.Dispute): Promise<EventPart> {
    if (d.status.startsWith('warning_')) return { type: 'ignored' };
    const intent = typeof d.payment_intent === 'string' ? d.payment_intent : d.payment_intent?.id;
    const sessions = intent
      ? await stripeCall('the dispute lookup', () => this.stripe.checkout.sessions.list({ payment_intent: intent, limit: 1 }))
      : { data: [] };
    const outcome = d.status === 'won' ? ('won' as const) : d.status === 'lost' ? ('lost' as const) : undefined;
    return {
      type: type === 'charge.dispute.created' ? 'dispute.created' : 'dispute.closed',
      sessionId: sessions.data[0]?.id ?? '',
      disputeId: d.id,
      amount: d.amount * MICROS_PER_CENT,
      ...(outcome ? { outcome } : {}),
    };
  }
}
