import Stripe from 'stripe';
import { stripeCall, stripeClient, stripeFailure } from '../payments/stripe.ts';
import { ProviderError } from '../failures.ts';
import {
  PayoutError,
  type ConnectProvider,
  type PayoutEvent,
  type PayoutMethod,
  type PayoutProcessor,
  type PayoutRequest,
  type PayoutResult,
} from './index.ts';

const MICROS_PER_CENT = 10_000;

/**
 * Stripe Connect through the `stripe` package: an Express connected account per customer (created once,
 * idempotency key), its onboarding link (`account_onboarding`: return_url = successUrl, refresh_url =
 * failureUrl), ready when `payouts_enabled`; a payout is a transfer to the connected account in whole
 * cents (our payout id as the idempotency key, so a retry transfers once): paid at once, returned when
 * Stripe reports it reversed. `STRIPE_API_BASE` points the package elsewhere (the tests' fake Stripe).
 */
export class StripeConnect implements ConnectProvider, PayoutProcessor {
  readonly kind = 'stripe';
  readonly methods: readonly PayoutMethod[] = ['stripe'];
  private readonly stripe: Stripe;

  constructor(opts: { secretKey: string; apiBase?: string; timeoutMs?: number }) {
    this.stripe = stripeClient(opts.secretKey, opts.apiBase, opts.timeoutMs);
  }

  onEvent(_listener: (e: PayoutEvent) => Promise<void>): void {
    // Reversals are read back with `status` (the renewal job's poll).
  }

  async createAccount(customer: string): Promise<string> {
    const acct = await stripeCall('the connected account', () =>
      this.stripe.accounts.create(
        { type: 'express', metadata: { account: customer }, capabilities: { transfers: { requested: true } } },
        { idempotencyKey: `connect-${customer}` },
      ),
    );
    return acct.id;
  }

  async onboardingUrl(externalId: string, successUrl: string, failureUrl: string): Promise<string> {
    const link = await stripeCall('the onboarding link', () =>
      this.stripe.accountLinks.create({ account: externalId, return_url: successUrl, refresh_url: failureUrl, type: 'account_onboarding' }),
    );
    return link.url;
  }

  async isReady(externalId: string): Promise<boolean> {
    const acct = await stripeCall('the connected account lookup', () => this.stripe.accounts.retrieve(externalId));
    return acct.payouts_enabled === true;
  }

  async send(req: PayoutRequest): Promise<PayoutResult> {
    if (req.amount % MICROS_PER_CENT !== 0)
      throw new PayoutError('amountUsd: transfers are made in whole cents.', { provider: 'stripe', field: 'amountUsd' });
    try {
      const tr = await this.stripe.transfers.create(
        {
          amount: req.amount / MICROS_PER_CENT,
          currency: 'usd',
          destination: req.address,
          transfer_group: req.id,
          metadata: { payout: req.id },
        },
        { idempotencyKey: `payout-${req.id}` },
      );
      return { ref: tr.id, status: tr.reversed ? 'returned' : 'paid' };
    } catch (err) {
      // Stripe refused it (4xx: no such account, insufficient platform balance): final. Anything else may be retried.
      const mapped = stripeFailure('the transfer', err);
      if (mapped instanceof ProviderError && !mapped.retryable)
        throw new PayoutError(mapped.message, { provider: 'stripe', upstreamStatus: mapped.upstreamStatus });
      throw mapped;
    }
  }

  async status(ref: string): Promise<PayoutResult> {
    const tr = await stripeCall('the transfer lookup', () => this.stripe.transfers.retrieve(ref));
    return { ref, status: tr.reversed ? 'returned' : 'paid' };
  }
}
