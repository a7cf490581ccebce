import { Pencil, Plus, Trash2, Unlink, Volume2 } from 'lucide-react';
import { useId, useState } from 'react';
import { addApp, appKey, removeApp, toggleFunction } from '@switchboard/core/rules/campaign';
import { confirm } from '../../shell/confirm.tsx';
import { notify } from '../../shell/toast.tsx';
import { Button, cn, ErrorState, Field, Input, LoadingBlock, Textarea } from '../../ui/index.ts';
import { useDetachFromTemplate, useApps } from './api.ts';
import { AnalysisFieldsEditor } from './components/AnalysisFieldsEditor.tsx';
import { CallSettings } from './components/CallSettings.tsx';
import { TimezonePicker } from './components/TimezonePicker.tsx';
import { LANGUAGES, playVoiceSample, VOICES } from './options.ts';
import { SaveStatus, Section, selectClass } from './parts.tsx';
import type { AgentEditorModel } from './useAgentEditor.ts';

/** Publish / revert bar with the save state and the editor's errors (spec §8 texts). */
export function EditorBar({ model }: { model: AgentEditorModel }) {
  const busy = model.state === 'publishing' || model.state === 'saving';
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        <SaveStatus state={model.state} />
        <div className="ml-auto flex gap-2">
          {!model.templateId && (
            <Button
              size="sm"
              variant="secondary"
              disabled={busy || model.state === 'published'}
              onClick={async () => {
                const ok = await confirm({
                  title: 'Discard unpublished changes?',
                  message: 'The agent goes back to the published version.',
                  confirmText: 'Discard changes',
                  confirmColor: 'danger',
                });
                if (ok) await model.revert();
              }}
            >
              Revert
            </Button>
          )}
          <Button size="sm" loading={model.state === 'publishing'} disabled={busy || !model.draft} onClick={() => void model.publish()}>
            {model.templateId ? 'Publish template' : 'Publish'}
          </Button>
        </div>
      </div>
      {model.errors.length > 0 && (
        <ul
          role="alert"
          aria-label="Errors"
          className="space-y-1 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
        >
          {model.errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The agent's instructions, greeting, language, voice, timezone, actions, apps and functions. */
export function AgentEditor({ model, target, compact = false }: { model: AgentEditorModel; target: number | null; compact?: boolean }) {
  const { draft, read } = model;
  const ids = { instructions: useId(), greeting: useId(), language: useId(), voice: useId(), timezone: useId() };
  const [unlocked, setUnlocked] = useState(false);
  const detach = useDetachFromTemplate(target);
  if (model.query.isError) return <ErrorState message={(model.query.error as Error).message} />;
  if (!draft || !read) return <LoadingBlock />;
  const campaign = read.campaign;
  const followsTemplate = campaign.mode === 'TEMPLATE' && !!read.template && !model.templateId && !unlocked;

  return (
    <div className="@container space-y-6">
      {campaign.mode === 'TEMPLATE' && read.template && !model.templateId && (
        <div className="flex flex-wrap items-center gap-3 rounded-xl border border-brand-100 bg-brand-50 px-4 py-3 text-sm text-brand-900">
          <span className="min-w-0 flex-1">
            Made from the template <strong>{read.template.name}</strong>
            {read.templateReplacement ? ' (you are viewing the template’s placeholders)' : ''}.
          </span>
          <Button
            size="xs"
            variant="secondary"
            onClick={async () => {
              const ok = await confirm({
                title: 'Detach from the template?',
                message: 'The agent keeps its current text and stops following template changes.',
                confirmText: 'Detach',
              });
              if (!ok) return;
              await detach.mutateAsync();
              notify('Detached from the template');
              await model.reload();
            }}
          >
            <Unlink className="size-3.5" aria-hidden /> Detach
          </Button>
        </div>
      )}

      <Field
        label="Instructions"
        id={ids.instructions}
        error={model.fieldError}
        hint="What the agent knows and how it behaves. Use {{businessName}} for your business’s name."
      >
        {(a11y) => (
          <div className="relative">
            <Textarea
              {...a11y}
              data-testid="agent-instructions"
              rows={compact ? 8 : 12}
              readOnly={followsTemplate}
              className={cn('font-mono text-[13px] leading-relaxed', followsTemplate && 'bg-slate-50 text-slate-600')}
              value={draft.agentInstructions}
              onChange={(e) => model.update({ agentInstructions: e.target.value })}
            />
            {followsTemplate && (
              <Button
                size="xs"
                variant="secondary"
                className="absolute right-2 bottom-2"
                onClick={async () => {
                  // Writing other instructions detaches the agent from its template: say so first.
                  const ok = await confirm({
                    title: 'Edit the instructions yourself?',
                    message: `The instructions come from the ${read.template?.name ?? ''} template. Once you change them, the agent stops following the template and keeps your text.`,
                    confirmText: 'Edit and detach',
                  });
                  if (!ok) return;
                  setUnlocked(true);
                  document.getElementById(ids.instructions)?.focus();
                }}
              >
                <Pencil className="size-3.5" aria-hidden /> Edit instructions
              </Button>
            )}
          </div>
        )}
      </Field>

      {read.template && campaign.mode === 'TEMPLATE' && !model.templateId && read.template.templateFields.length > 0 && (
        <Section title="Template fields" description="Values put into the template’s placeholders.">
          <div className="grid gap-3 @lg:grid-cols-2">
            {read.template.templateFields.map((f) => (
              <Field key={f.name} label={f.label}>
                {(a11y) => (
                  <Input
                    {...a11y}
                    value={draft.templateFields[f.name] ?? ''}
                    placeholder={f.placeholder}
                    onChange={(e) => model.update({ templateFields: { ...draft.templateFields, [f.name]: e.target.value } })}
                  />
                )}
              </Field>
            ))}
          </div>
        </Section>
      )}

      <Field label="Greeting" id={ids.greeting} hint="The first thing the agent says.">
        {(a11y) => <Input {...a11y} value={draft.greeting} onChange={(e) => model.update({ greeting: e.target.value })} />}
      </Field>

      <div className="grid gap-4 @lg:grid-cols-3">
        <Field label="Language" id={ids.language}>
          {(a11y) => (
            <select {...a11y} className={selectClass} value={draft.language} onChange={(e) => model.update({ language: e.target.value })}>
              {LANGUAGES.map((l) => (
                <option key={l.value} value={l.value}>
                  {l.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Voice" id={ids.voice}>
          {(a11y) => (
            <div className="flex gap-2">
              <select {...a11y} className={selectClass} value={draft.voice} onChange={(e) => model.update({ voice: e.target.value })}>
                {VOICES.map((v) => (
                  <option key={v.value} value={v.value}>
                    {v.label}
                  </option>
                ))}
              </select>
              <Button
                size="md"
                variant="secondary"
                aria-label="Play a sample of the voice"
                onClick={() => playVoiceSample(draft.voice, draft.language, draft.greeting || 'Hello! How can I help you today?')}
              >
                <Volume2 className="size-4" aria-hidden />
              </Button>
            </div>
          )}
        </Field>
        <Field label="Timezone" id={ids.timezone}>
          {(a11y) => (
            <TimezonePicker
              id={a11y.id}
              describedBy={a11y['aria-describedby']}
              value={draft.timezone}
              onChange={(timezone) => model.update({ timezone })}
            />
          )}
        </Field>
      </div>

      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          className="size-4 rounded border-slate-300"
          checked={draft.confirmTransfers}
          onChange={(e) => model.update({ confirmTransfers: e.target.checked })}
        />
        Ask a team member to confirm before transferring a caller
      </label>

      {!model.templateId && <CallSettings model={model} />}
      {!model.templateId && <AnalysisFieldsEditor model={model} />}

      <Actions model={model} />
      <AppsAndFunctions model={model} target={target} />
    </div>
  );
}

function Actions({ model }: { model: AgentEditorModel }) {
  const [name, setName] = useState('');
  const draft = model.draft!;
  return (
    <Section title="Actions" description="Named things the agent can do for callers.">
      {draft.actions.length > 0 && (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
          {draft.actions.map((a, i) => (
            <li key={`${a.name}-${i}`} className="flex items-center gap-2 px-3 py-2 text-sm">
              <span className="flex-1">{a.name}</span>
              <Button
                size="2xs"
                variant="ghost"
                aria-label={`Remove ${a.name}`}
                onClick={() => model.update({ actions: draft.actions.filter((_, j) => j !== i) })}
              >
                <Trash2 className="size-3.5" aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form
        className="flex gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (!name.trim()) return;
          model.update({ actions: [...draft.actions, { name: name.trim() }] });
          setName('');
        }}
      >
        <Input aria-label="New action name" placeholder="e.g. Book a table" value={name} onChange={(e) => setName(e.target.value)} />
        <Button type="submit" variant="secondary" disabled={!name.trim()}>
          <Plus className="size-4" aria-hidden /> Add
        </Button>
      </form>
    </Section>
  );
}

function AppsAndFunctions({ model, target }: { model: AgentEditorModel; target: number | null }) {
  const apps = useApps(target);
  const draft = model.draft!;
  if (apps.isLoading) return <LoadingBlock />;
  if (apps.isError) return <ErrorState message={(apps.error as Error).message} />;
  return (
    <Section title="Apps and functions" description="Functions the agent may call during a conversation.">
      <ul className="grid gap-3 @lg:grid-cols-2">
        {(apps.data?.apps ?? []).map((app) => {
          const ref = { appId: app.appId, version: app.appVersion };
          const added = draft.apps.some((a) => a.appId === app.appId);
          const enabled = draft.enabledFunctions[appKey(ref)] ?? [];
          return (
            <li key={`${app.appId}:${app.appVersion}`} className="rounded-xl border border-slate-200 p-3" data-testid={`app-${app.appId}`}>
              <div className="flex items-start gap-2">
                <div className="min-w-0 flex-1">
                  <p className="text-sm font-medium text-slate-900">{app.appData.name}</p>
                  <p className="text-xs text-slate-500">{app.appData.description}</p>
                </div>
                <Button
                  size="2xs"
                  variant={added ? 'secondary' : 'primary'}
                  onClick={() => {
                    if (added) model.update(removeApp(draft.apps, draft.enabledFunctions, app.appId));
                    else {
                      const nextApps = addApp(draft.apps, ref, (m) => console.warn(m));
                      let fns = draft.enabledFunctions;
                      for (const f of app.appData.functions) fns = toggleFunction(fns, ref, f.name, true);
                      model.update({ apps: nextApps, enabledFunctions: fns });
                    }
                  }}
                >
                  {added ? 'Remove' : 'Add'}
                </Button>
              </div>
              {added && (
                <ul className="mt-2 space-y-1">
                  {app.appData.functions.map((f) => (
                    <li key={f.name}>
                      <label className="flex items-center gap-2 text-xs text-slate-700">
                        <input
                          type="checkbox"
                          className="size-3.5 rounded border-slate-300"
                          checked={enabled.includes(f.name)}
                          onChange={(e) =>
                            model.update({ enabledFunctions: toggleFunction(draft.enabledFunctions, ref, f.name, e.target.checked) })
                          }
                        />
                        <code className="font-mono">{f.name}</code> — {f.description}
                      </label>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
