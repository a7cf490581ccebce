import crypto from 'node:crypto';

/**
 * Payments (card checkout and the billing portal). The local default is a checkout page of our own that
 * pays or cancels and sends a signed webhook, like Stripe Checkout does.
 */
export interface CheckoutRequest {
  /** Our reference (the checkout's purpose and account): echoed back in the webhook. */
  reference: string;
  /** Who pays (our account id): a processor keeps one customer per account. */
  customer: string;
  mode: 'payment' | 'subscription';
  /** Micro-USD. */
  amount: number;
  currency: 'usd';
  description: string;
  successUrl: string;
  cancelUrl: string;
}

export interface CheckoutSession {
  id: string;
  /** Where the customer pays. */
  url: string;
}

/** A verified webhook event. */
export interface PaymentEvent {
  id: string;
  /** `ignored`: an event of the processor this product does not act on (still recorded once). */
  type:
    | 'checkout.completed'
    | 'checkout.canceled'
    | 'payment.failed'
    | 'subscription.renewed'
    | 'subscription.payment_failed'
    | 'dispute.created'
    | 'dispute.closed'
    | 'payout.returned'
    | 'ignored';
  sessionId: string;
  reference: string;
  amount: number;
  created: number;
  /** Subscription events: the end of the period the payment is (or failed to be) for, epoch ms. */
  periodEnd?: number;
  /** Dispute events: the processor's dispute id, and for `dispute.closed` whether the merchant won or lost it. */
  disputeId?: string;
  outcome?: 'won' | 'lost';
  /** `payout.returned`: the processor's reference of the payout (a Stripe Connect transfer id). */
  payoutRef?: string;
}

export interface PaymentsProvider {
  readonly kind: 'local' | 'stripe';
  /** The request header that carries the webhook's signature. */
  readonly signatureHeader: string;
  createCheckout(req: CheckoutRequest): Promise<CheckoutSession>;
  /** The billing portal for a customer, returning to `returnUrl`. */
  portalUrl(customer: string, returnUrl: string): Promise<string>;
  /** The verified event of a webhook body, or an error naming why it is refused (bad signature, too old). */
  verifyWebhook(rawBody: string, signature: string | undefined, now?: number): Promise<PaymentEvent>;
  /** Where webhooks go (the app sets this to its own webhook route). */
  onWebhook(deliver: (body: string, signature: string) => Promise<void>): void;
}

export const SIGNATURE_HEADER = 'x-switchboard-signature';
/** A webhook older (or newer) than this is refused: a captured request cannot be replayed later. */
export const WEBHOOK_TOLERANCE_S = 300;

export class WebhookError extends Error {}

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">` (Stripe's scheme). */
export function signPayload(secret: string, body: string, timestamp: number): string {
  const mac = crypto.createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${mac}`;
}

export function verifySignature(secret: string, body: string, header: string | undefined, nowS: number): void {
  if (!header) throw new WebhookError('Missing signature.');
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=', 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isSafeInteger(t) || !parts.v1) throw new WebhookError('Malformed signature.');
  if (Math.abs(nowS - t) > WEBHOOK_TOLERANCE_S) throw new WebhookError('The webhook timestamp is outside the tolerance.');
  const expected = Buffer.from(signPayload(secret, body, t).split('v1=')[1]!, 'hex');
  const given = Buffer.from(parts.v1, 'hex');
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) throw new WebhookError('Invalid signature.');
}
