import type { Deps } from '../../deps.ts';
import type { LightningNode } from '../../platform/providers/lightning/index.ts';
import { LocalLightningNode } from '../../platform/providers/lightning/local.ts';
import { LndNode, LnbitsNode } from '../../platform/providers/lightning/remote.ts';
import type { PaymentsProvider } from '../../platform/providers/payments/index.ts';
import { LocalPayments } from '../../platform/providers/payments/local.ts';
import { StripePayments } from '../../platform/providers/payments/stripe.ts';
import { LocalConnect } from '../../platform/providers/payouts/connect.ts';
import type { PayoutProcessor } from '../../platform/providers/payouts/index.ts';
import { LocalPayouts } from '../../platform/providers/payouts/local.ts';
import { PayPalPayouts } from '../../platform/providers/payouts/paypal.ts';
import { StripeConnect } from '../../platform/providers/payouts/stripeConnect.ts';
import { ExchangeRates, FixedPrice, HttpPrice } from '../../platform/providers/rates/index.ts';
import type { PayoutProviders } from './payouts.ts';

export interface WalletProviders {
  payments: PaymentsProvider;
  lightning: LightningNode;
  rates: ExchangeRates;
  payouts: Omit<PayoutProviders, 'rates'>;
}

/** The wallet's providers from the configuration: the local defaults unless a real one is configured. */
export function createWalletProviders(deps: Deps): WalletProviders {
  const { config, db, log } = deps;
  const local = new LocalPayouts(db);
  const paypal: PayoutProcessor =
    config.PAYPAL_CLIENT_ID && config.PAYPAL_SECRET
      ? new PayPalPayouts({
          clientId: config.PAYPAL_CLIENT_ID,
          secret: config.PAYPAL_SECRET,
          apiBase: config.PAYPAL_API_BASE,
          timeoutMs: config.PROVIDER_TIMEOUT_MS,
        })
      : local;
  // Stripe Connect for bank payouts when Stripe is configured; else the local stand-in.
  const connect = config.STRIPE_SECRET_KEY
    ? new StripeConnect({ secretKey: config.STRIPE_SECRET_KEY, apiBase: config.STRIPE_API_BASE, timeoutMs: config.PROVIDER_TIMEOUT_MS })
    : new LocalConnect(db);
  return {
    payments:
      config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET
        ? new StripePayments(db, {
            secretKey: config.STRIPE_SECRET_KEY,
            webhookSecret: config.STRIPE_WEBHOOK_SECRET,
            apiBase: config.STRIPE_API_BASE,
            timeoutMs: config.PROVIDER_TIMEOUT_MS,
          })
        : new LocalPayments(db, log),
    lightning:
      config.LIGHTNING_BACKEND === 'lnd' && config.LIGHTNING_URL && config.LIGHTNING_KEY
        ? new LndNode({ url: config.LIGHTNING_URL, macaroon: config.LIGHTNING_KEY, timeoutMs: config.PROVIDER_TIMEOUT_MS })
        : config.LIGHTNING_BACKEND === 'lnbits' && config.LIGHTNING_URL && config.LIGHTNING_KEY
          ? new LnbitsNode({ url: config.LIGHTNING_URL, apiKey: config.LIGHTNING_KEY, timeoutMs: config.PROVIDER_TIMEOUT_MS })
          : new LocalLightningNode(db),
    rates: new ExchangeRates(config.RATE_SOURCE_URL ? new HttpPrice(config.RATE_SOURCE_URL) : new FixedPrice(config.BTC_USD_PRICE)),
    payouts: {
      processors: { lightning: local, stripe: connect instanceof StripeConnect ? connect : local, paypal, venmo: paypal },
      connect,
    },
  };
}
