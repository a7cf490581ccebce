import { AccountPreviewOverlay } from '../overlayParts.tsx';

/** ?resellerPreview=<id>: a glance at a reseller. */
export default function ResellerPreview() {
  return <AccountPreviewOverlay type="reseller" />;
}
