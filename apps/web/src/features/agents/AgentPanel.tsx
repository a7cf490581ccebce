import { Bot, MessageSquare, Pencil, Plug, Rocket, Share2, LayoutTemplate } from 'lucide-react';
import { useOpenOverlay } from '../../overlays/open.ts';
import { Button, Card, ErrorState, Skeleton } from '../../ui/index.ts';
import type { AppPanelProps } from '../home/panels.ts';
import { useActingTarget } from '../accounts/hooks.ts';
import { useCampaign } from './api.ts';
import { Walkthrough } from './Walkthrough.tsx';

/** /app panel of an organization or agent account: its agent at a glance, and the getting-started checklist. */
export default function AgentPanel({ account }: AppPanelProps) {
  const target = useActingTarget();
  const open = useOpenOverlay();
  const staging = useCampaign(target, 'staging');
  const onboarding = account.settings.onboarding as { onboardingComplete?: boolean } | undefined;
  const canEdit = account.permissions.canEditOrg;
  const c = staging.data?.campaign;

  return (
    <div className="space-y-4">
      <Card className="p-5">
        <div className="flex flex-wrap items-start gap-3">
          <span className="flex size-10 items-center justify-center rounded-full bg-brand-50 text-brand-600" aria-hidden>
            <Bot className="size-5" />
          </span>
          <div className="min-w-0 flex-1">
            <h2 className="text-base font-semibold text-slate-900">Your AI agent</h2>
            {staging.isLoading ? (
              <Skeleton className="mt-2 h-4 w-48" />
            ) : staging.isError ? (
              <ErrorState message={(staging.error as Error).message} />
            ) : (
              <>
                <p className="mt-0.5 text-sm text-slate-600" data-testid="agent-state">
                  {staging.data?.hasUnpublishedChanges ? 'Unpublished changes' : 'Published'}
                  {c?.mode === 'TEMPLATE' && staging.data?.template ? ` · from the ${staging.data.template.name} template` : ''}
                </p>
                {c && <p className="mt-2 line-clamp-2 text-sm text-slate-500">{c.agentInstructions}</p>}
              </>
            )}
          </div>
        </div>
        <div className="mt-4 flex flex-wrap gap-2">
          {canEdit && !onboarding?.onboardingComplete && (
            <Button size="sm" onClick={() => open('onboard')}>
              <Rocket className="size-4" aria-hidden /> Get started
            </Button>
          )}
          {canEdit && (
            <Button size="sm" variant={onboarding?.onboardingComplete ? 'primary' : 'secondary'} onClick={() => open('editAgent')}>
              <Pencil className="size-4" aria-hidden /> Edit agent
            </Button>
          )}
          <Button size="sm" variant="secondary" onClick={() => open('testAgent')}>
            <MessageSquare className="size-4" aria-hidden /> Test
          </Button>
          {canEdit && (
            <Button size="sm" variant="secondary" onClick={() => open('setupAgent')}>
              <LayoutTemplate className="size-4" aria-hidden /> Templates
            </Button>
          )}
          <Button size="sm" variant="secondary" onClick={() => open('shareAgent')}>
            <Share2 className="size-4" aria-hidden /> Share
          </Button>
          {canEdit && (
            <Button size="sm" variant="secondary" onClick={() => open('integrations')}>
              <Plug className="size-4" aria-hidden /> Integrations
            </Button>
          )}
        </div>
      </Card>
      <Walkthrough account={account} />
    </div>
  );
}
