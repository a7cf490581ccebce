import type { Send } from './send.ts';
import { Bot, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { type OnboardingState } from '@switchboard/core/rules/onboarding';
import { ApiError } from '../../../../api/mutation.ts';
import { Button, Field, Input, Textarea } from '../../../../ui/index.ts';
import { useCreateFromTemplate, useGenerateInstructions, useSaveCampaign } from '../../api.ts';

export function GenerateStep({
  state,
  send,
  target,
  onChanged,
  accountName,
}: {
  state: OnboardingState;
  send: Send;
  target: number | null;
  onChanged: () => void;
  accountName: string;
}) {
  const [description, setDescription] = useState('');
  const [business, setBusiness] = useState(accountName);
  const [draft, setDraft] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fromTemplate = state.method === 'BUILD_FROM_TEMPLATE' && state.templateId;
  const createFromTemplate = useCreateFromTemplate(target);
  const generate = useGenerateInstructions(target);
  const saveCampaign = useSaveCampaign(target);

  const run = async (fn: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await fn();
    } catch (e) {
      setError(e instanceof ApiError ? e.fieldMessage : 'Something went wrong. Try again.');
    } finally {
      setBusy(false);
    }
  };

  if (fromTemplate) {
    return (
      <div className="space-y-4">
        <p className="text-slate-600">We’ll make your agent from the template with your answers.</p>
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
        <Button
          loading={busy}
          onClick={() =>
            void run(async () => {
              await createFromTemplate.mutateAsync({ templateId: state.templateId, templateFields: state.templateFields });
              onChanged();
              send({ type: 'NEXT' }, 0);
            })
          }
        >
          <Bot className="size-4" aria-hidden /> Create my agent
        </Button>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      {draft == null ? (
        <form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            void run(async () => {
              const r = await generate.mutateAsync({ description, businessName: business || undefined });
              setDraft(r.agentInstructions);
            });
          }}
        >
          <Field label="Business name">
            {(a11y) => <Input {...a11y} value={business} onChange={(e) => setBusiness(e.target.value)} placeholder="Bright Dental" />}
          </Field>
          <Field label="What does your business do, and what should the agent handle?" error={error}>
            {(a11y) => (
              <Textarea
                {...a11y}
                rows={5}
                value={description}
                onChange={(e) => setDescription(e.target.value)}
                placeholder="We are a family dental practice open 9 to 5 on weekdays. The agent should book check-ups and answer questions about prices."
              />
            )}
          </Field>
          <Button type="submit" loading={busy} disabled={!description.trim()}>
            <Sparkles className="size-4" aria-hidden /> Write my agent
          </Button>
        </form>
      ) : (
        <form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            void run(async () => {
              await saveCampaign.mutateAsync({
                agentInstructions: draft,
                apps: [
                  { appId: 'messages', version: '1' },
                  { appId: 'schedule', version: '1' },
                ],
                enabledFunctions: { 'messages:1': ['take_message'], 'schedule:1': ['book_appointment'] },
              });
              onChanged();
              send({ type: 'NEXT' }, 0);
            });
          }}
        >
          <Field label="Your agent’s instructions" error={error} hint="Edit anything you like; you can change it later.">
            {(a11y) => <Textarea {...a11y} rows={9} value={draft} onChange={(e) => setDraft(e.target.value)} />}
          </Field>
          <div className="flex gap-2">
            <Button type="submit" loading={busy}>
              Use these instructions
            </Button>
            <Button variant="ghost" onClick={() => setDraft(null)}>
              Start again
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
