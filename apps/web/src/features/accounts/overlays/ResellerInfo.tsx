import { AccountInfoOverlay } from '../overlayParts/index.ts';

/** ?resellerInfo=<id>: a reseller's details. */
export default function ResellerInfo() {
  return <AccountInfoOverlay type="reseller" />;
}
