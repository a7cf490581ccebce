import { useState } from 'react';
import { fieldError } from '../../../api/mutation.ts';
import { Button, TextField } from '../../../ui/index.ts';
import { useCreateWebhook } from '../api.ts';
import { SecretNotice } from './SecretNotice.tsx';

/** A URL, a description and the events to send; the answer's secret is shown once. */
export function AddWebhookForm({
  target,
  events,
  initialDescription = '',
  autoFocus = false,
}: {
  target: number | null;
  events: string[];
  initialDescription?: string;
  autoFocus?: boolean;
}) {
  const create = useCreateWebhook(target);
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState(initialDescription);
  const [chosen, setChosen] = useState<string[]>(['conversation.created', 'message.created']);
  const [secret, setSecret] = useState<string | null>(null);
  if (secret) return <SecretNotice secret={secret} onDone={() => setSecret(null)} />;
  const eventsError = fieldError(create.error, 'events');
  return (
    <form
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4"
      aria-label="Add a webhook"
      onSubmit={(e) => {
        e.preventDefault();
        create.mutate(
          { url: url.trim(), events: chosen, ...(description.trim() ? { description: description.trim() } : {}) },
          {
            onSuccess: (r) => {
              setSecret(r.secret);
              setUrl('');
              setDescription('');
            },
          },
        );
      }}
    >
      <TextField
        label="Endpoint URL"
        type="url"
        required
        placeholder="https://example.com/hooks/switchboard"
        autoFocus={autoFocus}
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        error={fieldError(create.error, 'url')}
      />
      <TextField label="Description (optional)" value={description} onChange={(e) => setDescription(e.target.value)} />
      <fieldset aria-describedby={eventsError ? 'webhook-events-error' : undefined}>
        <legend className="text-sm font-medium text-slate-700">Events</legend>
        <div className="mt-1 grid gap-1 sm:grid-cols-2">
          {events.map((ev) => (
            <label key={ev} className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                className="size-4"
                checked={chosen.includes(ev)}
                onChange={(e) => setChosen((c) => (e.target.checked ? [...c, ev] : c.filter((x) => x !== ev)))}
              />
              {ev}
            </label>
          ))}
        </div>
        {eventsError && (
          <p id="webhook-events-error" role="alert" className="text-sm text-red-700">
            {eventsError}
          </p>
        )}
      </fieldset>
      <Button type="submit" size="sm" loading={create.isPending} disabled={!url.trim() || !chosen.length}>
        Add webhook
      </Button>
    </form>
  );
}
