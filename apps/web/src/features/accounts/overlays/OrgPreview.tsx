import { AccountPreviewOverlay } from '../overlayParts.tsx';

/** ?orgPreview=<id>: a glance at an organization. */
export default function OrgPreview() {
  return <AccountPreviewOverlay type="organization" />;
}
