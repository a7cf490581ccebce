import { ArrowLeft, ArrowRight, LayoutTemplate } from 'lucide-react';
import type { AgentTemplate } from '@switchboard/core/contracts/agents';
import { Button, cn, EmptyState, ErrorState, Field, Input, LoadingBlock, Textarea } from '../../ui/index.ts';
import { useTemplates } from './api.ts';

/** The template gallery (spec: template selection view). */
export function TemplateGallery({
  target,
  selected,
  onSelect,
}: {
  target: number | null;
  selected?: string | null;
  onSelect: (t: AgentTemplate) => void;
}) {
  const templates = useTemplates(target);
  if (templates.isLoading) return <LoadingBlock />;
  if (templates.isError) return <ErrorState message={(templates.error as Error).message} />;
  const list = templates.data?.templates ?? [];
  if (!list.length) return <EmptyState icon={<LayoutTemplate className="size-5" />} title="No templates" />;
  return (
    <ul className="grid gap-3 sm:grid-cols-2" aria-label="Templates">
      {list.map((t) => (
        <li key={t.templateId}>
          <button
            type="button"
            onClick={() => onSelect(t)}
            className={cn(
              'h-full w-full rounded-xl border p-4 text-left transition hover:border-brand-400 hover:shadow-sm focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none',
              selected === t.templateId ? 'border-brand-500 bg-brand-50' : 'border-slate-200 bg-white',
            )}
          >
            <p className="text-xs font-medium tracking-wide text-brand-700 uppercase">{t.category}</p>
            <p className="mt-1 font-semibold text-slate-900">{t.name}</p>
            <p className="mt-1 text-sm text-slate-600">{t.description}</p>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** One template field at a time (fieldIndex), with back/next. */
export function TemplateFieldStep({
  template,
  values,
  fieldIndex,
  onChange,
  onIndex,
  onDone,
  onDiscard,
  error,
  showBack = true,
  doneLabel = 'Done',
  busy = false,
}: {
  template: AgentTemplate;
  values: Record<string, string>;
  fieldIndex: number;
  onChange: (name: string, value: string) => void;
  onIndex: (i: number) => void;
  onDone: () => void;
  onDiscard: () => void;
  error?: string | null;
  /** The previous-question button; off where the surrounding screen has its own Back (the wizard). */
  showBack?: boolean;
  /** The last question's button: what finishing does ('Create the agent', 'Continue'). */
  doneLabel?: string;
  busy?: boolean;
}) {
  const fields = template.templateFields;
  if (!fields.length) {
    return (
      <div className="space-y-4">
        <p className="text-sm text-slate-600">This template has no fields to fill in.</p>
        <Button onClick={onDone}>Continue</Button>
      </div>
    );
  }
  const i = Math.min(fieldIndex, fields.length - 1);
  const f = fields[i]!;
  const value = values[f.name] ?? '';
  const missing = f.required && !value.trim();
  const last = i === fields.length - 1;
  return (
    <form
      // One form per question, so its field mounts again and takes the focus after Next.
      key={f.name}
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (missing) return;
        if (last) onDone();
        else onIndex(i + 1);
      }}
    >
      <p className="text-xs font-medium text-slate-500">
        {template.name} · question {i + 1} of {fields.length}
      </p>
      <Field label={f.label} hint={f.description ?? (f.required ? 'Required' : 'Optional')} error={error}>
        {(a11y) =>
          f.type === 'textarea' ? (
            <Textarea {...a11y} autoFocus value={value} placeholder={f.placeholder} onChange={(e) => onChange(f.name, e.target.value)} />
          ) : (
            <Input {...a11y} autoFocus value={value} placeholder={f.placeholder} onChange={(e) => onChange(f.name, e.target.value)} />
          )
        }
      </Field>
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="ghost" onClick={onDiscard}>
          Choose another template
        </Button>
        <div className="ml-auto flex gap-2">
          {showBack && i > 0 && (
            <Button variant="secondary" onClick={() => onIndex(i - 1)}>
              <ArrowLeft className="size-4" aria-hidden /> Back
            </Button>
          )}
          <Button type="submit" disabled={missing} loading={busy && last}>
            {last ? doneLabel : 'Next'} <ArrowRight className="size-4" aria-hidden />
          </Button>
        </div>
      </div>
    </form>
  );
}
