import { describe, expect, it } from 'vitest';
import {
  compactCount,
  displayName,
  formatDuration,
  formatPhone,
  initials,
  isNumeric,
  mergeById,
  safePublicUrl,
  slugify,
  truncateUserAgent,
  USERNAME_PATTERN,
} from './format.ts';

describe('isNumeric', () => {
  it('is true only for strings that parse as numbers', () => {
    expect(isNumeric('42')).toBe(true);
    expect(isNumeric('4.5')).toBe(true);
    expect(isNumeric('-3')).toBe(true);
    expect(isNumeric('4a')).toBe(false);
    expect(isNumeric('')).toBe(false);
    expect(isNumeric('  ')).toBe(false);
    expect(isNumeric('abc')).toBe(false);
    expect(isNumeric(null)).toBe(false);
  });
});

describe('formatPhone', () => {
  it('formats exactly 11 digits as +1 (xxx) xxx-xxxx', () => {
    expect(formatPhone('+15551234567')).toBe('+1 (555) 123-4567');
    expect(formatPhone('1-555-123-4567')).toBe('+1 (555) 123-4567');
  });
  it('returns other values unchanged', () => {
    expect(formatPhone('5551234567')).toBe('5551234567');
    expect(formatPhone('+445551234567')).toBe('+445551234567');
    expect(formatPhone('ann@15551234567.com')).toBe('ann@15551234567.com');
    expect(formatPhone('hello')).toBe('hello');
  });
});

describe('compactCount', () => {
  it('uses k from 1,000 and M from 1,000,000 with one decimal', () => {
    expect(compactCount(999)).toBe('999');
    expect(compactCount(1000)).toBe('1k');
    expect(compactCount(1250)).toBe('1.3k');
    expect(compactCount(15_430)).toBe('15.4k');
    expect(compactCount(1_000_000)).toBe('1M');
    expect(compactCount(2_345_678)).toBe('2.3M');
  });
});

describe('formatDuration', () => {
  it('prints mm:ss', () => {
    expect(formatDuration(0)).toBe('00:00');
    expect(formatDuration(65)).toBe('01:05');
    expect(formatDuration(3600)).toBe('60:00');
  });
});

describe('initials', () => {
  it('takes the first and last words, uppercased', () => {
    expect(initials('ann marie lee')).toBe('AL');
    expect(initials('Solo')).toBe('S');
    expect(initials('  ')).toBe('');
    expect(initials(undefined)).toBe('');
  });
});

describe('displayName', () => {
  it('prefers the name for the account type, then person names, then username', () => {
    expect(displayName({ accountType: 'organization', details: { orgName: 'Acme', fullName: 'Ann' } })).toBe('Acme');
    expect(displayName({ accountType: 'agent', details: { agentName: 'Receptionist' }, accountName: 'x' })).toBe('Receptionist');
    expect(displayName({ accountType: 'reseller', details: {}, accountName: 'Resell Co' })).toBe('Resell Co');
    expect(displayName({ accountType: 'user', details: { fullName: 'Bo Diddley' } })).toBe('Bo Diddley');
    expect(displayName({ accountType: 'user', details: {}, username: 'guest-1' })).toBe('guest-1');
    expect(displayName({})).toBe('Unnamed');
  });
});

describe('mergeById', () => {
  it('keeps one item per id, later lists replacing earlier items in place', () => {
    const merged = mergeById(
      [
        { id: 1, v: 'a' },
        { id: 2, v: 'b' },
      ],
      [
        { id: 2, v: 'B' },
        { id: 3, v: 'c' },
      ],
    );
    expect(merged).toEqual([
      { id: 1, v: 'a' },
      { id: 2, v: 'B' },
      { id: 3, v: 'c' },
    ]);
  });
});

describe('slugs and URLs', () => {
  it('makes usernames that match the username pattern', () => {
    for (const name of ['Acme Dental', 'Ça va? Café', 'A', '!!!', 'x'.repeat(80)]) expect(USERNAME_PATTERN.test(slugify(name))).toBe(true);
    expect(slugify('Acme Dental')).toBe('acme-dental');
  });
  it('publishes only http, https, mailto and tel links', () => {
    expect(safePublicUrl('https://example.com/a')).toBe('https://example.com/a');
    expect(safePublicUrl('mailto:a@b.c')).toBe('mailto:a@b.c');
    expect(safePublicUrl('tel:+15551234567')).toBe('tel:+15551234567');
    expect(safePublicUrl('javascript:alert(1)')).toBeNull();
    expect(safePublicUrl('data:text/html,hi')).toBeNull();
    expect(safePublicUrl('not a url')).toBeNull();
  });
  it('cuts user agents at 500 characters', () => {
    expect(truncateUserAgent('u'.repeat(600))).toHaveLength(500);
    expect(truncateUserAgent('short')).toBe('short');
  });
});
