import { useState } from 'react';
import type { AgentTemplate } from '@switchboard/core/contracts/agents';
import { ApiError } from '../../../api/mutation.ts';
import { useOpenOverlay } from '../../../overlays/open.ts';
import { OverlayFrame } from '../../../overlays/OverlayFrame.tsx';
import type { OverlayProps } from '../../../overlays/registry.ts';
import { notify } from '../../../shell/toast.tsx';
import { useActingAccount } from '../../accounts/api.ts';
import { prefilledFields } from '../prefill.ts';
import { useCreateFromTemplate, useInvalidateAgents, useTemplates } from '../api.ts';
import { TemplateFieldStep, TemplateGallery } from '../TemplateSetup.tsx';

/** ?setupAgent: make the agent from a template (gallery → fields → agent). `templateId` preselects one. */
export default function SetupAgent({ params, close }: OverlayProps) {
  const acting = useActingAccount();
  const target = acting.target;
  const templates = useTemplates(target);
  const invalidate = useInvalidateAgents();
  const createFromTemplate = useCreateFromTemplate(target);
  const openOverlay = useOpenOverlay();
  const pre = params.get('templateId');
  const [chosen, setChosen] = useState<AgentTemplate | null>(null);
  const [values, setValues] = useState<Record<string, string>>({});
  const [index, setIndex] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const template = chosen ?? templates.data?.templates.find((t) => t.templateId === pre) ?? null;
  // A template named in the address starts with the answers the app knows (the business name).
  const [prefilledFor, setPrefilledFor] = useState<string | null>(null);
  if (template && !chosen && prefilledFor !== template.templateId && acting.data) {
    setPrefilledFor(template.templateId);
    setValues((v) => ({ ...prefilledFields(template, acting.data), ...v }));
  }

  const create = async () => {
    if (!template) return;
    setBusy(true);
    setError(null);
    try {
      await createFromTemplate.mutateAsync({ templateId: template.templateId, templateFields: values });
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
    <OverlayFrame
      title="Set up your agent"
      description={template ? template.description : 'Start from a template made for your kind of business.'}
      size="lg"
    >
      {!template ? (
        <TemplateGallery target={target} onSelect={(t) => (setChosen(t), setValues(prefilledFields(t, acting.data)), setIndex(0))} />
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
            doneLabel="Create the agent"
            busy={busy}
            onDiscard={() => (setChosen(null), setValues({}), setIndex(0), params.delete('templateId'))}
          />
          {busy && (
            <p className="text-sm text-slate-500" role="status">
              Making your agent…
            </p>
          )}
        </div>
      )}
    </OverlayFrame>
  );
}
