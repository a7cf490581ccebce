import { describe, expect, it } from 'vitest';
import type { ProductPlan } from '@switchboard/core/contracts/billing';
import { numberPriceText } from './numberPrice.ts';

const plan = (numbers: ProductPlan['productItems']['numbers']): ProductPlan => ({
  productPlanId: 1,
  name: 'Pro',
  description: '',
  priceMonth: 49_000_000,
  priceYear: 490_000_000,
  priceMonthUsd: '49.00',
  priceYearUsd: '490.00',
  productItems: numbers ? { numbers } : {},
  ownerAccountId: null,
});

describe('the price of one more number', () => {
  const volume = plan({
    type: 'volume',
    unit: 'number',
    tiers: [
      { quantityMin: 0, quantityMax: 1, price: 0 },
      { quantityMin: 2, quantityMax: null, price: 1_500_000 },
    ],
  });

  it('is included while the plan includes it', () => {
    expect(numberPriceText(volume, 0)).toBe('Included in your Pro plan.');
  });

  it('is what the month costs more with it (a volume tier prices every number)', () => {
    expect(numberPriceText(volume, 1)).toBe('$3.00 a month more on your Pro plan.');
    expect(numberPriceText(volume, 2)).toBe('$1.50 a month more on your Pro plan.');
  });

  it('says there is no charge without a plan that prices numbers', () => {
    expect(numberPriceText(null, 0)).toBe('No monthly charge: you have no plan that prices phone numbers.');
    expect(numberPriceText(plan(undefined), 3)).toBe('No monthly charge: you have no plan that prices phone numbers.');
  });
});
