import { describe, expect, it } from 'vitest';
import { formatUsdMicros, displayUsd, microsToMsat, msatToMicros, parseUsdMicros } from './money.ts';
import { priceOf, tierProblem, type PricingTier } from './pricing.ts';

const tiers: PricingTier[] = [
  { quantityMin: 0, quantityMax: 100, price: 0 },
  { quantityMin: 101, quantityMax: 1000, price: 20_000 },
  { quantityMin: 1001, quantityMax: null, price: 10_000 },
];

describe('priceOf', () => {
  it('graduated: each unit is priced by the tier it falls in', () => {
    expect(priceOf(0, tiers, 'graduated')).toBe(0);
    expect(priceOf(100, tiers, 'graduated')).toBe(0);
    expect(priceOf(101, tiers, 'graduated')).toBe(20_000);
    expect(priceOf(1000, tiers, 'graduated')).toBe(900 * 20_000);
    expect(priceOf(1500, tiers, 'graduated')).toBe(900 * 20_000 + 500 * 10_000);
  });

  it('volume: every unit is priced by the tier the total falls in', () => {
    expect(priceOf(50, tiers, 'volume')).toBe(0);
    expect(priceOf(500, tiers, 'volume')).toBe(500 * 20_000);
    expect(priceOf(1500, tiers, 'volume')).toBe(1500 * 10_000);
  });

  it('units beyond a closed last tier are priced by it', () => {
    const closed: PricingTier[] = [{ quantityMin: 1, quantityMax: 10, price: 5 }];
    expect(priceOf(12, closed, 'graduated')).toBe(60);
    expect(priceOf(12, closed, 'volume')).toBe(60);
  });

  it('refuses a negative or fractional quantity', () => {
    expect(() => priceOf(-1, tiers, 'graduated')).toThrow();
    expect(() => priceOf(1.5, tiers, 'volume')).toThrow();
  });
});

describe('tierProblem', () => {
  it('accepts contiguous tiers and names the problem of broken ones', () => {
    expect(tierProblem(tiers)).toBeNull();
    expect(tierProblem([])).toMatch(/at least one/);
    expect(tierProblem([{ quantityMin: 5, quantityMax: null, price: 1 }])).toMatch(/start at quantity 0 or 1/);
    expect(
      tierProblem([
        { quantityMin: 0, quantityMax: 10, price: 1 },
        { quantityMin: 12, quantityMax: null, price: 1 },
      ]),
    ).toMatch(/Tier 2 must start at quantity 11/);
    expect(
      tierProblem([
        { quantityMin: 0, quantityMax: null, price: 1 },
        { quantityMin: 1, quantityMax: null, price: 1 },
      ]),
    ).toMatch(/Only the last/);
    expect(tierProblem([{ quantityMin: 0, quantityMax: null, price: 0.5 }])).toMatch(/whole/);
  });
});

describe('money', () => {
  it('parses USD decimals exactly to micro-USD', () => {
    expect(parseUsdMicros('10')).toBe(10_000_000);
    expect(parseUsdMicros('0.1')).toBe(100_000);
    expect(parseUsdMicros(0.1)).toBe(100_000);
    expect(parseUsdMicros('19.99')).toBe(19_990_000);
    expect(parseUsdMicros('0.000001')).toBe(1);
    expect(parseUsdMicros('1.0000001')).toBeNull();
    expect(parseUsdMicros('-1')).toBeNull();
    expect(parseUsdMicros('1e3')).toBeNull();
    expect(parseUsdMicros('abc')).toBeNull();
  });

  it('formats with at least 2 decimals', () => {
    expect(formatUsdMicros(10_500_000)).toBe('10.50');
    expect(formatUsdMicros(1)).toBe('0.000001');
    expect(formatUsdMicros(0)).toBe('0.00');
    expect(displayUsd(1_234_500_000)).toBe('$1,234.50');
    expect(displayUsd(-2_000_000)).toBe('-$2.00');
  });

  it('converts between USD and millisatoshis without floats drifting', () => {
    // 0.00043 USD per sat: $10 is 23,255.81... sat, rounded up in millisatoshis.
    expect(microsToMsat(10_000_000, 0.00043)).toBe(23_255_814);
    expect(msatToMicros(23_255_814, 0.00043)).toBe(10_000_000);
    expect(msatToMicros(1000, 0.00043)).toBe(430);
  });
});
