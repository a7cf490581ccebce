import { useActingAccount } from '../../../api/acting.ts';
import { OverlayFrame } from '../../../overlays/OverlayFrame.tsx';
import type { OverlayProps } from '../../../overlays/registry.ts';
import { EmptyState, LoadingBlock } from '../../../ui/index.ts';
import { actingAccountId } from '../api.ts';
import { AppIdentityForm } from '../components/AppIdentityForm.tsx';

/** `?resellerApp`: the brand's app identity, served in the manifest of the brand's domains (resellers and partners). */
export default function ResellerApp({ close }: OverlayProps) {
  const account = useActingAccount();
  const type = account.data?.accountType;
  const description = 'Name, icon, colour and store listings of the app your customers install from your domains.';
  if (account.isPending) {
    return (
      <OverlayFrame title="Your brand’s app" description={description} size="md">
        <LoadingBlock />
      </OverlayFrame>
    );
  }
  if (type && type !== 'reseller' && type !== 'partner') {
    // An organization's own app is `?orgApp`; say so instead of the server's "Account type does not match".
    return (
      <OverlayFrame title="Your brand’s app" size="sm">
        <EmptyState
          title="For resellers and partners"
          message="A brand’s app belongs to a reseller or partner account. Open this from a reseller’s or partner’s account; an organization sets its own under Settings, App and devices, App identity."
        />
      </OverlayFrame>
    );
  }
  return (
    <OverlayFrame title="Your brand’s app" description={description} size="md">
      <AppIdentityForm kind="reseller" target={actingAccountId()} onDone={close} />
    </OverlayFrame>
  );
}
