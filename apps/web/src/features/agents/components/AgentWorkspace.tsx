import { useState } from 'react';
import { cn, ErrorState, LoadingBlock } from '../../../ui/index.ts';
import { useActingAccount } from '../../accounts/api.ts';
import { AgentEditor, EditorBar } from '../AgentEditor.tsx';
import { TestChat } from '../TestChat.tsx';
import { useAgentEditor } from '../useAgentEditor.ts';
import { VersionsPanel } from '../VersionsPanel.tsx';
import { AgentModeBar } from './ModelConnection.tsx';
import { TestsPanel } from './TestsPanel.tsx';

/**
 * The agent editor with the test chat and the versions side by side (the full page, and the
 * ?editAgent overlay). Campaign editor parameters: targetTemplateId (edit that template instead;
 * publishing saves it as published) and forceReplaceTemplateVars (a reseller sees the values instead
 * of the placeholders).
 */
export function AgentWorkspace({
  targetTemplateId,
  forceReplaceTemplateVars,
  page = false,
}: {
  targetTemplateId: string | null;
  forceReplaceTemplateVars: boolean;
  page?: boolean;
}) {
  const acting = useActingAccount();
  const model = useAgentEditor(acting.target, { targetTemplateId, forceReplaceTemplateVars });
  const [side, setSide] = useState<'test' | 'tests' | 'versions'>('test');
  const agentId = acting.data?.id;
  if (acting.isError) return <ErrorState message={(acting.error as Error).message} />;
  if (!agentId) return <LoadingBlock />;
  if (targetTemplateId) {
    return (
      <div className="space-y-4">
        <EditorBar model={model} />
        <AgentEditor model={model} target={acting.target} />
      </div>
    );
  }
  const tabs = [
    ['test', 'Test chat'],
    ['tests', 'Tests'],
    ['versions', 'Versions'],
  ] as const;
  return (
    <div className={cn('grid gap-6', page ? '@4xl:grid-cols-[minmax(0,1fr)_24rem]' : 'lg:grid-cols-[minmax(0,1fr)_20rem]')}>
      <div className="min-w-0 space-y-4">
        <div className={cn(page && 'sticky top-0 z-10 -mx-1 bg-slate-50/95 px-1 py-2 backdrop-blur')}>
          <EditorBar model={model} />
        </div>
        <AgentModeBar target={acting.target} />
        <AgentEditor model={model} target={acting.target} />
      </div>
      <div className={cn('min-w-0', page ? '@4xl:sticky @4xl:top-16 @4xl:self-start' : 'lg:sticky lg:top-0 lg:self-start')}>
        <div role="tablist" aria-label="Beside the editor" className="mb-3 flex gap-1 border-b border-slate-200">
          {tabs.map(([t, label]) => (
            <button
              key={t}
              id={`agent-side-${t}`}
              role="tab"
              type="button"
              aria-selected={side === t}
              aria-controls={`agent-side-${t}-panel`}
              tabIndex={side === t ? 0 : -1}
              onClick={() => setSide(t)}
              onKeyDown={(e) => {
                if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
                const order = tabs.map(([k]) => k);
                const at = order.indexOf(side) + (e.key === 'ArrowRight' ? 1 : order.length - 1);
                const next = order[at % order.length]!;
                setSide(next);
                document.getElementById(`agent-side-${next}`)?.focus();
              }}
              className={cn(
                '-mb-px border-b-2 px-3 py-2 text-sm font-medium',
                side === t ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-500 hover:text-slate-800',
              )}
            >
              {label}
            </button>
          ))}
        </div>
        <div role="tabpanel" id={`agent-side-${side}-panel`} aria-labelledby={`agent-side-${side}`}>
          {side === 'test' ? (
            <TestChat target={acting.target} agentId={agentId} className={page ? 'h-[70dvh]' : 'lg:max-h-[70dvh]'} />
          ) : side === 'tests' ? (
            <TestsPanel target={acting.target} agentId={agentId} />
          ) : (
            <VersionsPanel
              agentId={agentId}
              stagingInstructions={model.draft?.agentInstructions ?? ''}
              onRestored={() => void model.reload()}
            />
          )}
        </div>
      </div>
    </div>
  );
}
