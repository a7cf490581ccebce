import { useState } from 'react';
import type { AgentTemplate } from '@switchboard/core/contracts/agents';
import { api, ApiError } from '../../../api/client.ts';
import { useOpenOverlay } from '../../../overlays/open.ts';
import { OverlayFrame } from '../../../overlays/OverlayFrame.tsx';
import type { OverlayProps } from '../../../overlays/registry.ts';
import { notify } from '../../../shell/toast.tsx';
import { Button } from '../../../ui/index.ts';
import { tgt, useActingTarget } from '../../accounts/hooks.ts';
import { useInvalidateAgents, useTemplates } from '../api.ts';
import { TemplateFieldStep, TemplateGallery } from '../TemplateSetup.tsx';

/** ?setupAgent: make the agent from a template (gallery → fields → agent). `templateId` preselects one. */
export default function SetupAgent({ params, close }: OverlayProps) {
  const target = useActingTarget();
  const templates = useTemplates(target);
  const invalidate = useInvalidateAgents();
  const openOverlay = useOpenOverlay();
  const pre = params.get('templateId');
  const [chosen, setChosen] = useState<AgentTemplate | null>(null);
  const [values, setValues] = useState<Record<string, string>>({});
  const [index, setIndex] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const template = chosen ?? templates.data?.templates.find((t) => t.templateId === pre) ?? null;

  const create = async () => {
    if (!template) return;
    setBusy(true);
    setError(null);
    try {
      await api('/api/v2/createAgentFromTemplate', { target: tgt(target), body: { templateId: template.templateId, templateFields: values } });
      await invalidate();
      notify.success(`Agent made from “${template.name}”`);
      close();
      setTimeout(() => openOverlay('editAgent'), 0);
    } catch (e) {
      setError(e instanceof ApiError ? e.fieldMessage : 'Error saving template');
    } finally {
      setBusy(false);
    }
  };

  return (
    <OverlayFrame title="Set up your agent" description={template ? template.description : 'Start from a template made for your kind of business.'} size="lg">
      {!template ? (
        <TemplateGallery target={target} onSelect={(t) => (setChosen(t), setValues({}), setIndex(0))} />
      ) : (
        <div className="space-y-4">
          <TemplateFieldStep
            template={template}
            values={values}
            fieldIndex={index}
            error={error}
            onChange={(n, v) => setValues((x) => ({ ...x, [n]: v }))}
            onIndex={setIndex}
            onDone={() => void create()}
            onDiscard={() => (setChosen(null), setValues({}), setIndex(0), params.delete('templateId'))}
          />
          {busy && <p className="text-sm text-slate-500">Making your agent…</p>}
          {template.templateFields.length > 0 && index === template.templateFields.length - 1 && (
            <Button variant="link" onClick={() => void create()} disabled={busy}>
              Create the agent now
            </Button>
          )}
        </div>
      )}
    </OverlayFrame>
  );
}
