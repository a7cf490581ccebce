import { AccountInfoOverlay } from '../overlayParts.tsx';

/** ?orgInfo=<id>: an organization's details. */
export default function OrgInfo() {
  return <AccountInfoOverlay type="organization" />;
}
