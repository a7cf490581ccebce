import { useEffect, useState } from 'react';
import { ApiError } from '../../../api/mutation.ts';
import { OverlayFrame } from '../../../overlays/OverlayFrame.tsx';
import type { OverlayProps } from '../../../overlays/registry.ts';
import { notify } from '../../../shell/toast.tsx';
import { Button, ErrorState, LoadingBlock, TextField } from '../../../ui/index.ts';
import { useActingTarget } from '../../accounts/api.ts';
import { useRenameTemplate, useInvalidateAgents, useTemplates } from '../api.ts';

/** ?renameTemplate=<templateId>: rename a template the account owns. */
export default function RenameTemplate({ value, close }: OverlayProps) {
  const target = useActingTarget();
  const templates = useTemplates(target);
  const invalidate = useInvalidateAgents();
  const rename = useRenameTemplate(target);
  const template = templates.data?.templates.find((t) => t.templateId === value);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (template) setName(template.name);
  }, [template]);

  const save = async () => {
    if (!name.trim()) return setError('Please name the template.');
    setBusy(true);
    try {
      await rename.mutateAsync({ templateId: value, name: name.trim() });
      await invalidate();
      notify('Template renamed');
      close();
    } catch (e) {
      setError(e instanceof ApiError ? e.fieldMessage : 'Failed to save template');
    } finally {
      setBusy(false);
    }
  };

  return (
    <OverlayFrame title="Rename template">
      {templates.isLoading ? (
        <LoadingBlock />
      ) : !template ? (
        <ErrorState
          title={value && value !== 'true' ? 'Template not found' : 'Which template?'}
          message={
            value && value !== 'true'
              ? 'No template of this account has that id. Choose the template to rename from the agent’s template list.'
              : 'Choose the template to rename from the agent’s template list (Rename beside one of your templates).'
          }
        />
      ) : template.builtIn ? (
        <ErrorState message="Built-in templates cannot be renamed. Make a copy of your own first." />
      ) : (
        <form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <TextField label="Template name" autoFocus value={name} error={error} maxLength={120} onChange={(e) => setName(e.target.value)} />
          <Button type="submit" loading={busy}>
            Save
          </Button>
        </form>
      )}
    </OverlayFrame>
  );
}
