import { VerifyOverlay } from '../overlayParts.tsx';

/** ?editPhone: change the phone number with a verification code. */
export default function EditPhone() {
  return <VerifyOverlay kind="phone" />;
}
