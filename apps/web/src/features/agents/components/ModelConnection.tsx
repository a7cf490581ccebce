import type { ModelConnectionInput, ModelProvider, ModelStatus } from '@switchboard/core/contracts/agents';
import { Cpu } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../api/mutation.ts';
import { Button, Dialog, Field, FormError, Input, selectClass } from '../../../ui/index.ts';
import { useModelConnection, useModelStatus } from '../api.ts';

/**
 * The agent's mode as customers meet it: answering with a language model, or taking messages without
 * one. "Connect a language model" opens the connection form (OpenAI, Anthropic, or an OpenAI-compatible
 * server such as Ollama, vLLM or LM Studio by base URL) with a real connection test.
 */
export function modeLabel(s: ModelStatus | undefined): string {
  if (!s) return '';
  return s.mode === 'messages' ? 'Taking messages (no language model)' : 'Live: answering chats';
}

const PROVIDERS: { value: ModelProvider; label: string; model: string; baseUrl: string }[] = [
  { value: 'openai', label: 'OpenAI', model: 'gpt-4o-mini', baseUrl: '' },
  { value: 'anthropic', label: 'Anthropic', model: 'claude-sonnet-4-5', baseUrl: '' },
  {
    value: 'openai-compatible',
    label: 'OpenAI-compatible server (Ollama, vLLM, LM Studio)',
    model: 'llama3.2',
    baseUrl: 'http://localhost:11434/v1',
  },
];

/** One line for Home and the editor: the mode, the model, and the button to connect or change it. */
export function ModelStatusLine({ target, compact }: { target: number | null; compact?: boolean }) {
  const status = useModelStatus(target);
  const [open, setOpen] = useState(false);
  const s = status.data;
  if (!s) return null;
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="model-status">
      {!compact && (
        <span className="text-slate-600">
          {s.mode === 'messages'
            ? 'Without a language model your agent greets people, takes their name, number and message, and hands the conversation to you.'
            : `Answering with ${s.model ?? 'a language model'}${s.source === 'organization' ? ' (your connection)' : ''}.`}
        </span>
      )}
      {s.canEdit && (
        <Button size="sm" variant={s.mode === 'messages' ? 'primary' : 'secondary'} onClick={() => setOpen(true)}>
          <Cpu className="size-4" aria-hidden /> {s.connection ? 'Change the language model' : 'Connect a language model'}
        </Button>
      )}
      {open && <ConnectModelDialog target={target} status={s} onClose={() => setOpen(false)} />}
    </div>
  );
}

export function ConnectModelDialog({ target, status, onClose }: { target: number | null; status: ModelStatus; onClose: () => void }) {
  const saved = status.connection;
  const [provider, setProvider] = useState<ModelProvider>(saved?.provider ?? 'openai');
  const preset = PROVIDERS.find((p) => p.value === provider)!;
  const [model, setModel] = useState(saved?.model ?? preset.model);
  const [baseUrl, setBaseUrl] = useState(saved?.baseUrl ?? '');
  const [apiKey, setApiKey] = useState('');
  const { test, save, remove } = useModelConnection(target);
  const err = (test.error ?? save.error ?? remove.error) as ApiError | Error | null;
  const fieldError = (f: string) => (err instanceof ApiError && err.field === f ? err.message : null);

  const input = (): ModelConnectionInput => ({
    provider,
    model: model.trim(),
    ...(baseUrl.trim() ? { baseUrl: baseUrl.trim() } : {}),
    ...(apiKey.trim() ? { apiKey: apiKey.trim() } : {}),
  });
  const choose = (p: ModelProvider) => {
    const next = PROVIDERS.find((x) => x.value === p)!;
    setProvider(p);
    setModel(next.model);
    setBaseUrl(next.baseUrl);
    test.reset();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(input(), { onSuccess: onClose });
  };
  const keyOptional = provider === 'openai-compatible' || (saved?.provider === provider && saved.hasApiKey);

  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title="Connect a language model"
      description="Your agents answer with this model. The key is stored encrypted and never shown again."
      footer={
        <div className="flex flex-wrap justify-end gap-2">
          {saved && (
            <Button variant="secondary" onClick={() => remove.mutate(undefined, { onSuccess: onClose })} disabled={remove.isPending}>
              Remove the connection
            </Button>
          )}
          <Button variant="secondary" onClick={() => test.mutate(input())} disabled={test.isPending}>
            {test.isPending ? 'Testing…' : 'Test connection'}
          </Button>
          <Button type="submit" form="connect-model" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save'}
          </Button>
        </div>
      }
    >
      <form id="connect-model" className="flex flex-col gap-4" onSubmit={submit}>
        <Field label="Provider">
          {(a11y) => (
            <select
              {...a11y}
              className={selectClass}
              value={provider}
              onChange={(e) => choose(e.target.value as ModelProvider)}
              data-autofocus
            >
              {PROVIDERS.map((p) => (
                <option key={p.value} value={p.value}>
                  {p.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Model" error={fieldError('model')}>
          {(a11y) => <Input {...a11y} value={model} onChange={(e) => setModel(e.target.value)} autoComplete="off" />}
        </Field>
        <Field
          label={provider === 'openai-compatible' ? 'Base URL' : 'Base URL (optional)'}
          error={fieldError('baseUrl')}
          hint={
            provider === 'openai-compatible'
              ? 'Ollama: http://localhost:11434/v1 · LM Studio: http://localhost:1234/v1 · vLLM: http://host:8000/v1'
              : 'Leave empty for the provider’s own API.'
          }
        >
          {(a11y) => <Input {...a11y} value={baseUrl} onChange={(e) => setBaseUrl(e.target.value)} inputMode="url" autoComplete="off" />}
        </Field>
        <Field
          label={keyOptional ? 'API key (optional)' : 'API key'}
          error={fieldError('apiKey')}
          hint={saved?.provider === provider && saved.hasApiKey ? 'Leave empty to keep the saved key.' : undefined}
        >
          {(a11y) => <Input {...a11y} type="password" value={apiKey} onChange={(e) => setApiKey(e.target.value)} autoComplete="off" />}
        </Field>
        {test.data && (
          <p
            role="status"
            data-testid="model-test-result"
            className={`rounded-lg px-3 py-2 text-sm ${test.data.ok ? 'bg-emerald-50 text-emerald-900' : 'bg-red-50 text-red-800'}`}
          >
            {test.data.ok
              ? `Connected. The model answered: “${test.data.answer}”`
              : `The provider answered with an error: ${test.data.error}`}
          </p>
        )}
        <FormError error={err && !(err instanceof ApiError && err.field) ? err.message : null} />
      </form>
    </Dialog>
  );
}

/** The editor's line: the mode customers meet as a badge, then the model and the connect button. */
export function AgentModeBar({ target }: { target: number | null }) {
  const status = useModelStatus(target);
  const s = status.data;
  if (!s) return null;
  const messages = s.mode === 'messages';
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-xl bg-white px-4 py-3 ring-1 ring-slate-200" data-testid="agent-mode">
      <span
        className={`inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium ${messages ? 'bg-amber-50 text-amber-900' : 'bg-emerald-50 text-emerald-800'}`}
      >
        <span className={`size-1.5 rounded-full ${messages ? 'bg-amber-500' : 'bg-emerald-500'}`} aria-hidden />
        {modeLabel(s)}
      </span>
      <ModelStatusLine target={target} />
    </div>
  );
}
