/**
 * Money as integers (DESIGN §4): credit and prices in micro-USD (1 USD = 1,000,000), Lightning amounts
 * in millisatoshis. Decimal input is parsed from its digits, never through a float.
 */
export const MICRO_PER_USD = 1_000_000;
export const MSAT_PER_SAT = 1000;
import { EXCHANGE_RATE_REFRESH_SECONDS, FALLBACK_USD_PER_SAT } from '../constants.ts';

/** Spec §9: the rate used when the rate source fails. */
export const FALLBACK_SAT_TO_USD = FALLBACK_USD_PER_SAT;
/** Spec §9: the exchange rate is refreshed after 900 seconds. */
export const EXCHANGE_RATE_TTL_MS = EXCHANGE_RATE_REFRESH_SECONDS * 1000;
/** Spec §9: checkout currency is fixed to usd. */
export const CHECKOUT_CURRENCY = 'usd';

/**
 * A USD amount ("10", "10.5", "0.000001", 10.25) as whole micro-USD, or null when it is not a plain
 * non-negative decimal with at most 6 decimals (a number is read through its shortest decimal form).
 */
export function parseUsdMicros(value: string | number): number | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  const m = /^(\d{1,12})(?:\.(\d{0,6}))?$/.exec(text);
  if (!m) return null;
  return Number(m[1]) * MICRO_PER_USD + Number((m[2] ?? '').padEnd(6, '0'));
}

/** Micro-USD as a decimal string with at least 2 decimals (spec §9): 10_500_000 → "10.50", 1 → "0.000001". */
export function formatUsdMicros(micros: number): string {
  const sign = micros < 0 ? '-' : '';
  const abs = Math.abs(micros);
  const whole = Math.floor(abs / MICRO_PER_USD);
  const frac = String(abs % MICRO_PER_USD)
    .padStart(6, '0')
    .replace(/0+$/, '')
    .padEnd(2, '0');
  return `${sign}${whole}.${frac}`;
}

/** Micro-USD for display: "$1,234.50" (at least 2 decimals, more only when the amount has them). */
export function displayUsd(micros: number): string {
  const [whole, frac] = formatUsdMicros(micros).split('.') as [string, string];
  const neg = whole.startsWith('-');
  const digits = neg ? whole.slice(1) : whole;
  return `${neg ? '-' : ''}$${digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${frac}`;
}

/**
 * The satoshi price in USD as an exact rational: pico-USD per sat (0.00043 USD → 430,000,000). The rate
 * is a number in the API (satToUsd); conversions go through this integer.
 */
export function picoUsdPerSat(satToUsd: number): bigint {
  // A rate has at most 12 significant decimals; rounding to whole pico-USD removes the float's noise.
  return BigInt(Math.round(satToUsd * 1e12));
}

/** Micro-USD → millisatoshis at a rate (rounded up: the payer never pays less than the amount). */
export function microsToMsat(micros: number, satToUsd: number): number {
  const rate = picoUsdPerSat(satToUsd);
  if (rate <= 0n) throw new Error('exchange rate must be positive');
  // micros * 1e6 pico/micro * 1000 msat/sat / (pico/sat), rounded up.
  const num = BigInt(micros) * 1_000_000n * 1000n;
  return Number((num + rate - 1n) / rate);
}

/** Millisatoshis → micro-USD at a rate (rounded down: credit never exceeds what was paid). */
export function msatToMicros(msat: number, satToUsd: number): number {
  const rate = picoUsdPerSat(satToUsd);
  return Number((BigInt(msat) * rate) / (1_000_000n * 1000n));
}
