import { MessageSquare, Share2, LayoutTemplate, Plug, Phone } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { useOpenOverlay } from '../../overlays/open.ts';
import type { SectionProps } from '../../shell/sections.ts';
import { Button } from '../../ui/index.ts';
import { AgentWorkspace } from './components/AgentWorkspace.tsx';

/** The Agent section: the editor as a full page, the test chat and versions beside it. */
export default function AgentEditorPage({ account }: SectionProps) {
  const [params] = useSearchParams();
  const open = useOpenOverlay();
  const canEdit = account.permissions.canEditOrg;
  return (
    <div className="@container space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="flex-1 text-xl font-semibold tracking-tight text-slate-900 sm:text-2xl">Agent</h1>
        {canEdit && (
          <Button size="sm" variant="secondary" onClick={() => open('setupAgent')}>
            <LayoutTemplate className="size-4" aria-hidden /> Templates
          </Button>
        )}
        {canEdit && (
          <Button size="sm" variant="secondary" onClick={() => open('integrations')}>
            <Plug className="size-4" aria-hidden /> Integrations
          </Button>
        )}
        <Button size="sm" variant="secondary" onClick={() => open('shareAgent')}>
          <Share2 className="size-4" aria-hidden /> Share
        </Button>
        <Button size="sm" variant="secondary" onClick={() => open('calling', 'web')}>
          <Phone className="size-4" aria-hidden /> Test call
        </Button>
        <Button size="sm" variant="secondary" className="@4xl:hidden" onClick={() => open('testAgent')}>
          <MessageSquare className="size-4" aria-hidden /> Test
        </Button>
      </div>
      <AgentWorkspace
        page
        targetTemplateId={params.get('targetTemplateId')}
        forceReplaceTemplateVars={params.get('forceReplaceTemplateVars') === 'true'}
      />
    </div>
  );
}
