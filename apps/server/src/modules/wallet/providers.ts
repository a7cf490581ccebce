import type { Deps } from '../../deps.ts';
import type { LightningNode } from '../../platform/providers/lightning/index.ts';
import { LocalLightningNode } from '../../platform/providers/lightning/local.ts';
import type { PaymentsProvider } from '../../platform/providers/payments/index.ts';
import { LocalPayments } from '../../platform/providers/payments/local.ts';
import { StripePayments } from '../../platform/providers/payments/stripe.ts';
import { ExchangeRates, FixedPrice, HttpPrice } from '../../platform/providers/rates/index.ts';

export interface WalletProviders {
  payments: PaymentsProvider;
  lightning: LightningNode;
  rates: ExchangeRates;
}

/** The wallet's providers from the configuration: the local defaults unless a real one is configured. */
export function createWalletProviders(deps: Deps): WalletProviders {
  const { config, db, log } = deps;
  return {
    payments:
      config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET
        ? new StripePayments(db, {
            secretKey: config.STRIPE_SECRET_KEY,
            webhookSecret: config.STRIPE_WEBHOOK_SECRET,
            apiBase: config.STRIPE_API_BASE,
          })
        : new LocalPayments(db, log),
    lightning: new LocalLightningNode(db),
    rates: new ExchangeRates(config.RATE_SOURCE_URL ? new HttpPrice(config.RATE_SOURCE_URL) : new FixedPrice(config.BTC_USD_PRICE)),
  };
}
