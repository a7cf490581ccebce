import { OverlayFrame } from '../../../overlays/OverlayFrame.tsx';
import type { OverlayProps } from '../../../overlays/registry.ts';
import { actingAccountId } from '../api.ts';
import { AppIdentityForm } from '../components/AppIdentityForm.tsx';

/** `?orgApp`: the organization's own app identity, served in its manifest (install it from `?install`). */
export default function OrgApp({ close }: OverlayProps) {
  return (
    <OverlayFrame title="Your organization’s app" description="What the app is called and looks like when your team installs it." size="md">
      <AppIdentityForm kind="org" target={actingAccountId()} onDone={close} />
    </OverlayFrame>
  );
}
