import { AccountInfoOverlay } from '../overlayParts/index.ts';

/** ?agentInfo=<id>: an agent account's details. */
export default function AgentInfo() {
  return <AccountInfoOverlay type="agent" />;
}
