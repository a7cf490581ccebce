import { EXCHANGE_RATE_TTL_MS, FALLBACK_SAT_TO_USD } from '@switchboard/core';

/** Where the bitcoin price comes from: USD per BTC. */
export interface PriceSource {
  readonly kind: 'local' | 'http';
  btcUsd(): Promise<number>;
}

/** The local default: a fixed price (BTC_USD_PRICE), as a price feed that never moves. */
export class FixedPrice implements PriceSource {
  readonly kind = 'local' as const;
  constructor(private readonly price: number) {}
  async btcUsd(): Promise<number> {
    return this.price;
  }
}

/** A spot-price API in Coinbase's shape (`GET <url>` → `{data: {amount: "97000.12", currency: "USD"}}`). */
export class HttpPrice implements PriceSource {
  readonly kind = 'http' as const;
  constructor(
    private readonly url: string,
    private readonly timeoutMs = 5000,
  ) {}
  async btcUsd(): Promise<number> {
    const res = await fetch(this.url, { signal: AbortSignal.timeout(this.timeoutMs), headers: { accept: 'application/json' } });
    if (!res.ok) throw new Error(`price source answered ${res.status}`);
    const body = (await res.json()) as { data?: { amount?: string; currency?: string } };
    const price = Number(body.data?.amount);
    if (body.data?.currency !== 'USD' || !Number.isFinite(price) || price <= 0) throw new Error('price source gave no USD price');
    return price;
  }
}

/**
 * satToUsd cached for 900 s (spec §9); when the source fails the fallback 0.00043 USD per sat is used
 * (and not cached, so the next request tries the source again).
 */
export class ExchangeRates {
  private cached: { satToUsd: number; at: number } | null = null;
  constructor(
    private readonly source: PriceSource,
    private readonly now: () => number = Date.now,
  ) {}

  async satToUsd(): Promise<{ satToUsd: number; fetchedAt: number; fallback: boolean }> {
    const now = this.now();
    if (this.cached && now - this.cached.at < EXCHANGE_RATE_TTL_MS)
      return { satToUsd: this.cached.satToUsd, fetchedAt: this.cached.at, fallback: false };
    try {
      const satToUsd = Number(((await this.source.btcUsd()) / 100_000_000).toPrecision(12));
      this.cached = { satToUsd, at: now };
      return { satToUsd, fetchedAt: now, fallback: false };
    } catch {
      return { satToUsd: FALLBACK_SAT_TO_USD, fetchedAt: now, fallback: true };
    }
  }
}
