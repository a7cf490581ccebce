import { AccountInfoOverlay } from '../overlayParts.tsx';

/** ?partnerInfo=<id>: a partner's details. */
export default function PartnerInfo() {
  return <AccountInfoOverlay type="partner" />;
}
