import { AccountInfoOverlay } from '../overlayParts/index.ts';

/** ?partnerInfo=<id>: a partner's details. */
export default function PartnerInfo() {
  return <AccountInfoOverlay type="partner" />;
}
