import { describe, expect, it } from 'vitest';
import { endSaved, endShown, nextStretch } from './components/WeekHours.tsx';

describe('working hours in time fields', () => {
  it('shows the end of the day as 00:00 and saves 00:00 as an end as 24:00', () => {
    expect(endShown('24:00')).toBe('00:00');
    expect(endShown('17:30')).toBe('17:30');
    expect(endSaved('00:00')).toBe('24:00');
    expect(endSaved('17:30')).toBe('17:30');
  });

  it('proposes a stretch an hour after the last one, until midnight, and none when the day is full', () => {
    expect(nextStretch({ start: '09:00', end: '12:00' })).toEqual({ start: '13:00', end: '24:00' });
    expect(nextStretch({ start: '09:00', end: '23:00' })).toBeNull();
    expect(nextStretch({ start: '00:00', end: '24:00' })).toBeNull();
  });
});
