import type { AppIdentity, DeviceItem } from '@switchboard/core/contracts/device';
import type { CheckIn } from '../accounts/index.ts';
import type { AppIdentityRow, PushSubscriptionRow } from './repository.ts';

export function toAppIdentity(accountId: number, row: AppIdentityRow | undefined): AppIdentity {
  return {
    accountId,
    name: row?.name ?? null,
    shortName: row?.short_name ?? null,
    icon: row?.icon ?? null,
    themeColor: row?.theme_color ?? null,
    iosUrl: row?.ios_url ?? null,
    androidUrl: row?.android_url ?? null,
    feedbackEmail: row?.feedback_email ?? null,
    salesEmail: row?.sales_email ?? null,
    updatedAt: row ? Number(row.updated_at) : null,
  };
}

const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);

/**
 * Devices from check-ins: one per `deviceId` (check-ins without one are grouped by platform and user
 * agent), newest first, with whether the device has a push subscription.
 */
export function toDevices(checkIns: CheckIn[], subscriptions: PushSubscriptionRow[]): DeviceItem[] {
  const byId = new Map<string, DeviceItem>();
  for (const c of checkIns) {
    const platform = str(c.details.platform);
    const userAgent = str(c.details.userAgent);
    const id = str(c.details.deviceId) ?? `legacy-${platform ?? 'web'}-${hash(userAgent ?? '')}`;
    const seen = byId.get(id);
    if (seen) {
      seen.checkIns += 1;
      continue;
    }
    byId.set(id, {
      deviceId: id,
      platform,
      appVersion: str(c.details.appVersion),
      userAgent,
      lastSeen: c.createdAt,
      checkIns: 1,
      push: false,
    });
  }
  for (const s of subscriptions) {
    const d = byId.get(s.device_id);
    if (d) d.push = true;
    else
      byId.set(s.device_id, {
        deviceId: s.device_id,
        platform: null,
        appVersion: null,
        userAgent: null,
        lastSeen: Number(s.updated_at),
        checkIns: 0,
        push: true,
      });
  }
  return [...byId.values()].sort((a, b) => b.lastSeen - a.lastSeen);
}

function hash(s: string): string {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (h * 31 + s.charCodeAt(i)) | 0;
  return (h >>> 0).toString(36);
}
