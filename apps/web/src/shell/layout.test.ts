import { describe, expect, it } from 'vitest';
import { isNearBottom } from './useBottom.ts';
import { breakpointOf, isPhoneWidth } from './useBreakpoint.ts';

describe('breakpoints', () => {
  it('names the spec widths: under 550, 768, 1024, 1280, 1536, 1836', () => {
    expect(breakpointOf(390)).toBe('base');
    expect(breakpointOf(549)).toBe('base');
    expect(breakpointOf(550)).toBe('xs');
    expect(breakpointOf(768)).toBe('sm');
    expect(breakpointOf(1024)).toBe('md');
    expect(breakpointOf(1280)).toBe('lg');
    expect(breakpointOf(1536)).toBe('xl');
    expect(breakpointOf(1836)).toBe('xxl');
    expect(isPhoneWidth(390)).toBe(true);
    expect(isPhoneWidth(1280)).toBe(false);
  });
});

describe('bottom detection', () => {
  it('is near the bottom within 400 px of the end', () => {
    expect(isNearBottom({ scrollTop: 0, clientHeight: 800, scrollHeight: 1200 })).toBe(true);
    expect(isNearBottom({ scrollTop: 0, clientHeight: 800, scrollHeight: 1201 })).toBe(false);
    expect(isNearBottom({ scrollTop: 1000, clientHeight: 800, scrollHeight: 2000 })).toBe(true);
    expect(isNearBottom({ scrollTop: 0, clientHeight: 800, scrollHeight: 5000 })).toBe(false);
  });
});

describe('page titles', () => {
  it('name the page and the brand, or only the page in generic-brand mode', async () => {
    const { pageTitle } = await import('./useTitle.ts');
    expect(pageTitle('Sign in', 'Switchboard')).toBe('Sign in · Switchboard');
    expect(pageTitle(null, 'Acme Voice')).toBe('Acme Voice');
    expect(pageTitle('Sign in', 'Switchboard', true)).toBe('Sign in');
  });
});
