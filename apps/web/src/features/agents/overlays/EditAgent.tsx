import { OverlayFrame } from '../../../overlays/OverlayFrame.tsx';
import type { OverlayProps } from '../../../overlays/registry.ts';
import { useActingAccount } from '../../accounts/api.ts';
import { AgentWorkspace } from '../components/AgentWorkspace.tsx';

/** ?editAgent (spec overlay key): the same editor as the Agent page, in a dialog. */
export default function EditAgent({ params }: OverlayProps) {
  const acting = useActingAccount();
  const targetTemplateId = params.get('targetTemplateId');
  return (
    <OverlayFrame title={targetTemplateId ? 'Edit template' : 'Edit agent'} description={acting.data?.displayName} size="lg">
      <AgentWorkspace targetTemplateId={targetTemplateId} forceReplaceTemplateVars={params.get('forceReplaceTemplateVars') === 'true'} />
    </OverlayFrame>
  );
}
