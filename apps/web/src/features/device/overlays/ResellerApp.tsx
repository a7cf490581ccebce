import { OverlayFrame } from '../../../overlays/OverlayFrame.tsx';
import type { OverlayProps } from '../../../overlays/registry.ts';
import { actingAccountId } from '../api.ts';
import { AppIdentityForm } from '../components/AppIdentityForm.tsx';

/** `?resellerApp`: the brand's app identity, served in the manifest of the brand's domains. */
export default function ResellerApp({ close }: OverlayProps) {
  return (
    <OverlayFrame title="Your brand’s app" description="Name, icon, colour and store listings of the app your customers install from your domains." size="md">
      <AppIdentityForm kind="reseller" target={actingAccountId()} onDone={close} />
    </OverlayFrame>
  );
}
