import { describe, expect, it } from 'vitest';
import { detectMobile, MOBILE_SESSION_KEY, platformFromUserAgent, truncateUserAgent, type KeyValueStore } from './mobile.ts';

function memory(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}

describe('mobile detection', () => {
  it('reads mobileApp, genericBrand, platform and appVersion from the query', () => {
    expect(detectMobile('?mobileApp=true&genericBrand=true&platform=iOS&appVersion=2.4.1')).toEqual({
      mobileApp: true,
      genericBrand: true,
      platform: 'iOS',
      appVersion: '2.4.1',
    });
    expect(detectMobile('?platform=android')).toMatchObject({ mobileApp: false, platform: 'Android' });
    expect(detectMobile('?mobileApp=1&platform=windows')).toMatchObject({ mobileApp: false, platform: null });
  });

  it('keeps what it saw for the session', () => {
    const store = memory();
    detectMobile('?mobileApp=true&platform=Android&appVersion=3.0', store);
    expect(store.data.has(MOBILE_SESSION_KEY)).toBe(true);
    expect(detectMobile('?other=1', store)).toEqual({ mobileApp: true, genericBrand: false, platform: 'Android', appVersion: '3.0' });
    // An explicit value later wins.
    expect(detectMobile('?mobileApp=false', store)).toMatchObject({ mobileApp: false, platform: 'Android' });
    expect(detectMobile('', store)).toMatchObject({ mobileApp: false });
  });

  it('survives a corrupt stored value', () => {
    const store = memory();
    store.setItem(MOBILE_SESSION_KEY, '{nope');
    expect(detectMobile('', store)).toEqual({ mobileApp: false, genericBrand: false, platform: null, appVersion: null });
  });

  it('guesses the platform from the user agent', () => {
    expect(platformFromUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)')).toBe('iOS');
    expect(platformFromUserAgent('Mozilla/5.0 (Linux; Android 14; Pixel 8)')).toBe('Android');
    expect(platformFromUserAgent('Mozilla/5.0 (X11; Linux x86_64)')).toBeNull();
  });
});

describe('user agent', () => {
  it('is cut at 500 characters', () => {
    expect(truncateUserAgent('x'.repeat(800))).toHaveLength(500);
    expect(truncateUserAgent('Mozilla/5.0')).toBe('Mozilla/5.0');
  });
});
