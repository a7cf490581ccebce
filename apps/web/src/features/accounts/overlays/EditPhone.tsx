import { VerifyOverlay } from '../overlayParts/index.ts';

/** ?editPhone: change the phone number with a verification code. */
export default function EditPhone() {
  return <VerifyOverlay kind="phone" />;
}
