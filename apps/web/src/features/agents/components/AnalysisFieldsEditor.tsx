import { Plus, Trash2 } from 'lucide-react';
import { useRef } from 'react';
import {
  ANALYSIS_FIELD_TYPES,
  ANALYSIS_FIELDS_MAX,
  type AnalysisField,
  type AnalysisFieldType,
} from '@switchboard/core/contracts/analysis';
import { Button, Field, Input } from '../../../ui/index.ts';
import { Section, selectClass } from '../parts.tsx';
import type { AgentEditorModel } from '../useAgentEditor.ts';

const TYPE_LABELS: Record<AnalysisFieldType, string> = { string: 'Text', number: 'Number', boolean: 'Yes or no' };

/**
 * The custom fields the analysis after each conversation and call extracts (name, type, description).
 * Edits autosave to the draft like the rest of the editor; the server's refusal shows beside the field.
 */
export function AnalysisFieldsEditor({ model }: { model: AgentEditorModel }) {
  const fields = model.draft!.analysisFields;
  const error = model.analysisError;
  const focusRow = useRef<number | null>(null);
  const set = (i: number, patch: Partial<AnalysisField>) =>
    model.update({ analysisFields: fields.map((f, j) => (j === i ? { ...f, ...patch } : f)) });
  const errorOf = (i: number, key: 'name' | 'type' | 'description') =>
    error && error.index === i && error.key === key ? error.message : null;
  const listError = error && (error.index == null || error.key == null) ? error.message : null;

  return (
    <Section
      title="Analysis fields"
      description="Besides the summary, outcome and sentiment, the analysis after each conversation and call extracts these. Without a language model, a field is filled from what the agent recorded under the same name (such as name, phone or reason)."
    >
      {fields.length > 0 && (
        <ol className="space-y-3" aria-label="Analysis fields">
          {fields.map((f, i) => (
            <li key={i}>
              <fieldset className="rounded-lg border border-slate-200 p-3" data-testid="analysis-field">
                <legend className="px-1 text-xs font-medium text-slate-600">Field {i + 1}</legend>
                <div className="grid gap-3 @lg:grid-cols-[minmax(0,1fr)_9rem]">
                  <Field label="Name" error={errorOf(i, 'name')} hint="Lowercase letters, digits and _, e.g. insurance_plan.">
                    {(a11y) => (
                      <Input
                        {...a11y}
                        ref={(el) => {
                          if (el && focusRow.current === i) {
                            focusRow.current = null;
                            el.focus();
                          }
                        }}
                        className="font-mono"
                        autoCapitalize="none"
                        spellCheck={false}
                        value={f.name}
                        onChange={(e) => set(i, { name: e.target.value })}
                      />
                    )}
                  </Field>
                  <Field label="Type" error={errorOf(i, 'type')}>
                    {(a11y) => (
                      <select
                        {...a11y}
                        className={selectClass}
                        value={f.type}
                        onChange={(e) => set(i, { type: e.target.value as AnalysisFieldType })}
                      >
                        {ANALYSIS_FIELD_TYPES.map((t) => (
                          <option key={t} value={t}>
                            {TYPE_LABELS[t]}
                          </option>
                        ))}
                      </select>
                    )}
                  </Field>
                </div>
                <div className="mt-3 flex items-end gap-2">
                  <Field label="Description" className="min-w-0 flex-1" error={errorOf(i, 'description')}>
                    {(a11y) => (
                      <Input
                        {...a11y}
                        placeholder="e.g. The customer’s dental insurance, if they name one."
                        value={f.description}
                        onChange={(e) => set(i, { description: e.target.value })}
                      />
                    )}
                  </Field>
                  <Button
                    size="md"
                    variant="ghost"
                    aria-label={`Remove field ${i + 1}${f.name ? ` (${f.name})` : ''}`}
                    onClick={() => model.update({ analysisFields: fields.filter((_, j) => j !== i) })}
                  >
                    <Trash2 className="size-4" aria-hidden />
                  </Button>
                </div>
              </fieldset>
            </li>
          ))}
        </ol>
      )}
      {listError && (
        <p role="alert" className="text-sm text-red-700">
          {listError}
        </p>
      )}
      <Button
        variant="secondary"
        size="sm"
        disabled={fields.length >= ANALYSIS_FIELDS_MAX}
        onClick={() => {
          focusRow.current = fields.length;
          model.update({ analysisFields: [...fields, { name: '', type: 'string', description: '' }] });
        }}
      >
        <Plus className="size-4" aria-hidden /> Add field
      </Button>
    </Section>
  );
}
