import { PAGE_SIZE } from '@switchboard/core/constants';
import { describe, expect, it } from 'vitest';
import { searchQuery, toFilter } from './filters.ts';

describe('organization filter form', () => {
  it('turns ranges into numbers, flags and ids into text, and leaves out empty fields', () => {
    expect(
      toFilter({
        search: ' Bright ',
        voiceMinutesCurrentMin: '10',
        messagesAllTimeMax: '0',
        subscribed: 'true',
        billingId: '',
        productPlanId: 'pro',
      }),
    ).toEqual({ search: 'Bright', voiceMinutesCurrentMin: 10, messagesAllTimeMax: 0, subscribed: 'true', productPlanId: 'pro' });
  });

  it('reads dates as whole days: "from" at the start, "until" at the end', () => {
    const f = toFilter({ createdFrom: '2026-03-01', createdTo: '2026-03-01', canceledFrom: 'not a date' });
    expect(typeof f.createdFrom).toBe('number');
    expect((f.createdTo as number) - (f.createdFrom as number)).toBe(24 * 3600 * 1000 - 1);
    expect(f).not.toHaveProperty('canceledFrom');
  });
});

describe('searchOrganizations query (spec §5)', () => {
  it('sends page only when positive, pageSize always, and only string or number filters', () => {
    expect(searchQuery({ search: 'x', voiceMinutesCurrentMin: 5, bad: Number.NaN, flag: true, none: null, empty: ' ' }, 0)).toEqual({
      pageSize: PAGE_SIZE,
      search: 'x',
      voiceMinutesCurrentMin: 5,
    });
    expect(searchQuery({}, 2)).toEqual({ page: 2, pageSize: PAGE_SIZE });
  });
});
