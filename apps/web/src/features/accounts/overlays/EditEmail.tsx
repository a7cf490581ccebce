import { VerifyOverlay } from '../overlayParts/index.ts';

/** ?editEmail: change the e-mail address with a verification code. */
export default function EditEmail() {
  return <VerifyOverlay kind="email" />;
}
