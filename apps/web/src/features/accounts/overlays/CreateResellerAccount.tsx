import { CreateAccountOverlay } from '../overlayParts/index.ts';

/** ?createResellerAccount: a new reseller under the open partner. */
export default function CreateResellerAccount() {
  return <CreateAccountOverlay type="reseller" />;
}
