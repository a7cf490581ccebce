import { useAccount } from '../../../api/hooks.ts';
import { OverlayFrame } from '../../../overlays/OverlayFrame.tsx';
import type { OverlayProps } from '../../../overlays/registry.ts';
import { actingAccountId } from '../api.ts';
import { DeviceList } from '../components/DeviceList.tsx';
import { PushSettings } from '../components/PushSettings.tsx';

/** `?mobile`: your devices (from their check-ins) and push notifications for new conversations. */
export default function Mobile(_props: OverlayProps) {
  const target = actingAccountId();
  const account = useAccount(target);
  return (
    <OverlayFrame title="Devices and notifications" size="md">
      <div className="flex flex-col gap-6">
        <section aria-labelledby="mobile-push">
          <h3 id="mobile-push" className="mb-3 text-sm font-semibold text-slate-900">
            Notifications
          </h3>
          <PushSettings target={target} accountName={account.data?.displayName ?? 'this inbox'} />
        </section>
        <section aria-labelledby="mobile-devices">
          <h3 id="mobile-devices" className="mb-3 text-sm font-semibold text-slate-900">
            Your devices
          </h3>
          <DeviceList />
        </section>
      </div>
    </OverlayFrame>
  );
}
