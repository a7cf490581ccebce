import { AccountInfoOverlay } from '../overlayParts.tsx';

/** ?resellerInfo=<id>: a reseller's details. */
export default function ResellerInfo() {
  return <AccountInfoOverlay type="reseller" />;
}
