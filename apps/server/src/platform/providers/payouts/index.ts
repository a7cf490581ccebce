import { ProviderError } from '../failures.ts';

/**
 * Payouts: money leaving a customer's wallet to their own destination (a Lightning invoice, a Stripe
 * connected account, a PayPal or Venmo receiver). A payout is sent once under our id; the processor
 * answers pending and later reports paid, failed or returned (returned: paid, then sent back).
 */
export type PayoutMethod = 'lightning' | 'stripe' | 'paypal' | 'venmo';
export type PayoutStatus = 'pending' | 'paid' | 'failed' | 'returned';

export interface PayoutRequest {
  /** Our payout id: the processor's idempotency key (sending it twice pays once). */
  id: string;
  method: PayoutMethod;
  /** A BOLT11 invoice, a connected account id, an e-mail or phone. */
  address: string;
  /** Micro-USD. */
  amount: number;
}

export interface PayoutResult {
  /** The processor's reference for this payout. */
  ref: string;
  status: PayoutStatus;
  reason?: string;
}

/** An outcome the processor reports later (its webhook or a poll): handled once per event id. */
export interface PayoutEvent {
  eventId: string;
  ref: string;
  status: PayoutStatus;
  reason?: string;
}

export interface PayoutProcessor {
  readonly kind: string;
  readonly methods: readonly PayoutMethod[];
  send(req: PayoutRequest): Promise<PayoutResult>;
  /** The payout's state as the processor knows it now (polled for pending payouts). */
  status(ref: string): Promise<PayoutResult>;
  onEvent(listener: (e: PayoutEvent) => Promise<void>): void;
}

/**
 * The processor refused the payout for good (the money goes back to the wallet): a 502 naming the
 * processor, or a 400 naming the field when the request itself was wrong.
 */
export class PayoutError extends ProviderError {
  constructor(message: string, o: { provider?: string; field?: string; upstreamStatus?: number } = {}) {
    super(o.provider ?? 'payouts', message, false, {
      field: o.field,
      code: o.field ? 'bad_request' : undefined,
      upstreamStatus: o.upstreamStatus,
    });
  }
}

/** Stripe Connect's part: an account of the customer's own that payouts go to, set up on the processor's page. */
export interface ConnectProvider {
  readonly kind: string;
  /** A new connected account for one of our accounts: its id at the processor. */
  createAccount(customer: string): Promise<string>;
  /** The onboarding page; it returns to successUrl when done, failureUrl when abandoned or expired. */
  onboardingUrl(externalId: string, successUrl: string, failureUrl: string): Promise<string>;
  /** Whether payouts can go to it (onboarding finished). */
  isReady(externalId: string): Promise<boolean>;
}
