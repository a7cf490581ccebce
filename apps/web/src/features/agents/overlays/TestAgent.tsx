import { OverlayFrame } from '../../../overlays/OverlayFrame.tsx';
import { LoadingBlock } from '../../../ui/index.ts';
import { useActingAccount } from '../../accounts/api.ts';
import { TestChat } from '../TestChat.tsx';

/** ?testAgent: chat with the agent's staging copy. */
export default function TestAgent() {
  const acting = useActingAccount();
  return (
    <OverlayFrame title="Test agent" description="Messages go to the staging copy: what you would publish next.">
      {acting.data ? <TestChat target={acting.target} agentId={acting.data.id} className="h-[60dvh]" /> : <LoadingBlock />}
    </OverlayFrame>
  );
}
