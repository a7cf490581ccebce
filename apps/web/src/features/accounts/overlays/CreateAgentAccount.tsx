import { CreateAccountOverlay } from '../overlayParts/index.ts';

/** ?createAgentAccount: a new agent account under the open organization. */
export default function CreateAgentAccount() {
  return <CreateAccountOverlay type="agent" />;
}
