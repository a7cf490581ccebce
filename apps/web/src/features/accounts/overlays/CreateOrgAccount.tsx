import { CreateAccountOverlay } from '../overlayParts.tsx';

/** ?createOrgAccount (&resellerId=): a new organization. */
export default function CreateOrgAccount() {
  return <CreateAccountOverlay type="organization" />;
}
