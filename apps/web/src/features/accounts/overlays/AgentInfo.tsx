import { AccountInfoOverlay } from '../overlayParts.tsx';

/** ?agentInfo=<id>: an agent account's details. */
export default function AgentInfo() {
  return <AccountInfoOverlay type="agent" />;
}
