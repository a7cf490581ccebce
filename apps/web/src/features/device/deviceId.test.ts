import { describe, expect, it } from 'vitest';
import { deviceLabel } from './deviceId.ts';

describe('deviceLabel', () => {
  const d = (platform: string | null, appVersion: string | null, userAgent: string | null) =>
    deviceLabel({ platform, appVersion, userAgent });
  it('names the wrapper app by platform and version, browsers by browser and system', () => {
    expect(d('iOS', '2.1', 'Mozilla/5.0 (iPhone)')).toBe('iOS app 2.1');
    expect(d(null, null, 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/130.0 Mobile Safari/537.36')).toBe('Chrome on Android');
    expect(
      d(null, null, 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1'),
    ).toBe('Safari on iPhone');
    expect(d(null, null, 'Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 Chrome/130.0 Safari/537.36 Edg/130.0')).toBe('Edge on Windows');
    expect(d(null, null, 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0')).toBe('Firefox on Linux');
    expect(d('Android', null, null)).toBe('Android');
    expect(d(null, null, null)).toBe('Unknown device');
  });
});
