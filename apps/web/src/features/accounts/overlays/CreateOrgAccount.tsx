import { CreateAccountOverlay } from '../overlayParts/index.ts';

/** ?createOrgAccount (&resellerId=): a new organization. */
export default function CreateOrgAccount() {
  return <CreateAccountOverlay type="organization" />;
}
