import type { DeviceItem } from '@switchboard/core/contracts/device';
import { Bell, Laptop, Smartphone } from 'lucide-react';
import { Button, EmptyState, ErrorState, Skeleton } from '../../../ui/index.ts';
import { useDevices, useSavePushSubscription } from '../api.ts';
import { deviceId, deviceLabel } from '../deviceId.ts';

const when = (ms: number) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(ms);

/** The signed-in user's devices, from their check-ins; pushes to another device can be stopped here. */
export function DeviceList() {
  const devices = useDevices();
  const stop = useSavePushSubscription();
  const here = deviceId();
  if (devices.isPending) return <Skeleton className="h-24 w-full" />;
  if (devices.isError) return <ErrorState title="We could not load your devices" message={(devices.error as Error).message} />;
  const list = devices.data.devices;
  if (list.length === 0) return <EmptyState title="No devices yet" message="Devices appear here once you sign in on them." />;
  return (
    <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200" aria-label="Your devices">
      {list.map((d: DeviceItem) => {
        const mobile = d.platform === 'iOS' || d.platform === 'Android' || /Android|iPhone|iPad/.test(d.userAgent ?? '');
        const Icon = mobile ? Smartphone : Laptop;
        return (
          <li key={d.deviceId} className="flex items-center gap-3 p-3" data-device={d.deviceId}>
            <Icon className="size-5 shrink-0 text-slate-500" aria-hidden="true" />
            <div className="min-w-0 flex-1">
              <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
                {deviceLabel(d)}
                {d.deviceId === here && (
                  <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700">This device</span>
                )}
                {d.push && (
                  <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800">
                    <Bell className="size-3" aria-hidden="true" /> Push on
                  </span>
                )}
              </p>
              <p className="text-xs text-slate-500">Last seen {when(d.lastSeen)}</p>
            </div>
            {d.push && d.deviceId !== here && (
              <Button
                size="xs"
                variant="ghost"
                loading={stop.isPending && stop.variables?.device === d.deviceId}
                onClick={() => stop.mutate({ device: d.deviceId, subscription: null })}
              >
                Stop pushes
              </Button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
