import { useState } from 'react';
import { OverlayFrame } from '../../../overlays/OverlayFrame.tsx';
import type { OverlayProps } from '../../../overlays/registry.ts';
import { cn, ErrorState, LoadingBlock } from '../../../ui/index.ts';
import { useActingAccount } from '../../accounts/hooks.ts';
import { AgentEditor, EditorBar } from '../AgentEditor.tsx';
import { TestChat } from '../TestChat.tsx';
import { useAgentEditor } from '../useAgentEditor.ts';
import { VersionsPanel } from '../VersionsPanel.tsx';

/**
 * ?editAgent: the agent editor with the test chat beside it and the versions panel. Campaign editor
 * parameters: targetTemplateId (edit that template instead; publishing saves it as published) and
 * forceReplaceTemplateVars (a reseller sees the values instead of the placeholders).
 */
export default function EditAgent({ params }: OverlayProps) {
  const acting = useActingAccount();
  const targetTemplateId = params.get('targetTemplateId');
  const force = params.get('forceReplaceTemplateVars') === 'true';
  const model = useAgentEditor(acting.target, { targetTemplateId, forceReplaceTemplateVars: force });
  const [tab, setTab] = useState<'edit' | 'versions'>('edit');
  const agentId = acting.data?.id;

  return (
    <OverlayFrame title={targetTemplateId ? 'Edit template' : 'Edit agent'} description={acting.data?.displayName} size="lg">
      {acting.isError ? (
        <ErrorState message={(acting.error as Error).message} />
      ) : !agentId ? (
        <LoadingBlock />
      ) : (
        <div className="space-y-4">
          <EditorBar model={model} />
          {targetTemplateId ? (
            <AgentEditor model={model} target={acting.target} />
          ) : (
          <>
          <div role="tablist" aria-label="Editor" className="flex gap-1 border-b border-slate-200">
            {(['edit', 'versions'] as const).map((t) => (
              <button
                key={t}
                role="tab"
                type="button"
                aria-selected={tab === t}
                onClick={() => setTab(t)}
                className={cn('-mb-px border-b-2 px-3 py-2 text-sm font-medium', tab === t ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-500 hover:text-slate-800')}
              >
                {t === 'edit' ? 'Agent' : 'Versions'}
              </button>
            ))}
          </div>
          {tab === 'edit' ? (
            <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
              <AgentEditor model={model} target={acting.target} />
              <TestChat target={acting.target} agentId={agentId} className="lg:sticky lg:top-0 lg:max-h-[70dvh]" />
            </div>
          ) : (
            <VersionsPanel agentId={agentId} stagingInstructions={model.draft?.agentInstructions ?? ''} onRestored={() => void model.reload()} />
          )}
          </>
          )}
        </div>
      )}
    </OverlayFrame>
  );
}
