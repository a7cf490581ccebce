import { AccountInfoOverlay } from '../overlayParts/index.ts';

/** ?orgInfo=<id>: an organization's details. */
export default function OrgInfo() {
  return <AccountInfoOverlay type="organization" />;
}
