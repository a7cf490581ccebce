import { AccountPreviewOverlay } from '../overlayParts/index.ts';

/** ?resellerPreview=<id>: a glance at a reseller. */
export default function ResellerPreview() {
  return <AccountPreviewOverlay type="reseller" />;
}
