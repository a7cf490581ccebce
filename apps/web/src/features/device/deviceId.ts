import { STORAGE_KEYS } from '@switchboard/core/constants';

/** This browser's device id (local storage), made on first use: it names the device in check-ins and pushes. */
export function deviceId(): string {
  let id = localStorage.getItem(STORAGE_KEYS.deviceId);
  if (!id || !/^[\w-]{8,64}$/.test(id)) {
    id = `web-${crypto.randomUUID()}`;
    localStorage.setItem(STORAGE_KEYS.deviceId, id);
  }
  return id;
}

/** "Chrome on Android", "Safari on iPhone", "iOS app 2.1": a device in words. */
export function deviceLabel(d: { platform: string | null; appVersion: string | null; userAgent: string | null }): string {
  if (d.platform && d.appVersion) return `${d.platform} app ${d.appVersion}`;
  const ua = d.userAgent ?? '';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Firefox\//.test(ua)
      ? 'Firefox'
      : /Chrome\/|Chromium\//.test(ua)
        ? 'Chrome'
        : /Safari\//.test(ua)
          ? 'Safari'
          : null;
  const os = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad|iPod/.test(ua)
      ? 'iPhone'
      : /Mac OS X|Macintosh/.test(ua)
        ? 'Mac'
        : /Windows/.test(ua)
          ? 'Windows'
          : /Linux|X11/.test(ua)
            ? 'Linux'
            : (d.platform ?? null);
  if (browser && os) return `${browser} on ${os}`;
  return browser ?? os ?? 'Unknown device';
}
