import { AccountPreviewOverlay } from '../overlayParts/index.ts';

/** ?orgPreview=<id>: a glance at an organization. */
export default function OrgPreview() {
  return <AccountPreviewOverlay type="organization" />;
}
