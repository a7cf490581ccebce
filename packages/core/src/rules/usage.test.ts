import { describe, expect, it } from 'vitest';
import { billingPeriodOf, bucketOf, isIsoDate, padUsageSeries, usageCost, usageSeriesCosts } from './usage.ts';
import { priceOf } from './pricing.ts';

describe('usage timeseries (spec §4, §9)', () => {
  it('pads missing days with zeros over 30 days after the first date, sorted by date', () => {
    const out = padUsageSeries({ '2026-01-05': 3, '2026-01-02': 1 }, { start: '2026-01-01' });
    const dates = Object.keys(out);
    expect(dates).toHaveLength(30);
    expect(dates[0]).toBe('2026-01-01');
    expect(dates.at(-1)).toBe('2026-01-30');
    expect(out['2026-01-02']).toBe(1);
    expect(out['2026-01-05']).toBe(3);
    expect(out['2026-01-03']).toBe(0);
  });

  it('buckets weeks from Monday and months from the 1st', () => {
    expect(bucketOf('2026-11-29', 'week')).toBe('2026-11-23');
    expect(bucketOf('2026-11-23', 'week')).toBe('2026-11-23');
    expect(bucketOf('2026-11-29', 'month')).toBe('2026-11-01');
    expect(padUsageSeries({ '2026-02-28': 2, '2026-03-01': 1 }, { start: '2026-02-10', end: '2026-03-31', frequency: 'month' })).toEqual({
      '2026-02-01': 2,
      '2026-03-01': 1,
    });
  });

  it('finds the billing period around a day, clamped to short months', () => {
    expect(billingPeriodOf(Date.UTC(2026, 0, 31), '2026-02-15')).toEqual({ start: '2026-01-31', end: '2026-02-27' });
    expect(billingPeriodOf(Date.UTC(2026, 0, 31), '2026-02-28')).toEqual({ start: '2026-02-28', end: '2026-03-30' });
    expect(billingPeriodOf(Date.UTC(2025, 5, 10), '2026-01-05')).toEqual({ start: '2025-12-10', end: '2026-01-09' });
  });

  it('accepts only real calendar dates', () => {
    expect(isIsoDate('2026-02-28')).toBe(true);
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(isIsoDate('20260228')).toBe(false);
  });
});

describe('usageSeriesCosts', () => {
  it('prices each date by what it adds to the tiers, summing to the price of the total', () => {
    const tiers = [
      { quantityMin: 1, quantityMax: 10, price: 100 },
      { quantityMin: 11, quantityMax: null, price: 10 },
    ];
    const costs = usageSeriesCosts(
      'inbound-message',
      { '2026-03-01': 4, '2026-03-02': 8, '2026-03-03': 0, '2026-03-04': 5 },
      { type: 'graduated', tiers },
    );
    expect(costs).toEqual({ '2026-03-01': 400, '2026-03-02': 6 * 100 + 2 * 10, '2026-03-03': 0, '2026-03-04': 50 });
    expect(Object.values(costs).reduce((a, b) => a + b, 0)).toBe(priceOf(17, tiers, 'graduated'));
  });
  it('falls back to the list price without a plan item', () => {
    expect(usageSeriesCosts('tokens', { '2026-03-01': 1000 }, null)).toEqual({ '2026-03-01': usageCost('tokens', 1000) });
  });
});
