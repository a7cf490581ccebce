import { Plug } from 'lucide-react';
import { useState } from 'react';
import { fieldError } from '../../../api/mutation.ts';
import { confirm } from '../../../shell/confirm.tsx';
import { Button, TextField } from '../../../ui/index.ts';
import { useCheckIntegration, useConnectIntegration, useDisconnectIntegration, type Integration } from '../api.ts';
import { HealthBadge } from './HealthBadge.tsx';

const AUTH_LABEL = { apiKey: 'API key', oauth2: 'OAuth 2.0', bearer: 'Bearer token' } as const;

/** One integration: connect (its fields; secrets shown masked), check, disconnect, health, functions. */
export function IntegrationCard({
  integration,
  target,
  open = false,
}: {
  integration: Integration;
  target: number | null;
  open?: boolean;
}) {
  const i = integration;
  const [expanded, setExpanded] = useState(open);
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(i.fields.map((f) => [f.name, String(i.appData[f.name] ?? '')])),
  );
  const connect = useConnectIntegration(target, i.name);
  const disconnect = useDisconnectIntegration(target, i.name);
  const check = useCheckIntegration(target);
  const formId = `integration-${i.integrationSlug}`;
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4" aria-labelledby={`${formId}-name`}>
      <div className="flex flex-wrap items-center gap-2">
        <Plug className="size-4 text-slate-500" aria-hidden />
        <h2 id={`${formId}-name`} className="flex-1 text-sm font-semibold text-slate-900">
          {i.name}
        </h2>
        <HealthBadge integration={i} />
      </div>
      <p className="mt-1 text-sm text-slate-600">{i.description}</p>
      <p className="mt-1 text-xs text-slate-500">
        {i.authKind ? AUTH_LABEL[i.authKind] : 'Settings'} · Adds {i.functions.map((f) => f.name).join(', ') || 'no functions'}
      </p>
      {i.connected && i.health.lastError && (
        <p className="mt-2 text-sm text-red-700" role="status">
          Last error: {i.health.lastError}
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button size="xs" variant="secondary" aria-expanded={expanded} aria-controls={formId} onClick={() => setExpanded(!expanded)}>
          {expanded ? 'Close' : i.connected ? 'Settings' : 'Connect'}
        </Button>
        {i.connected && (
          <>
            <Button size="xs" variant="ghost" loading={check.isPending} onClick={() => check.mutate(i.integrationSlug)}>
              Check now
            </Button>
            <Button
              size="xs"
              variant="ghost"
              loading={disconnect.isPending}
              onClick={async () => {
                if (
                  await confirm({
                    title: `Disconnect ${i.name}?`,
                    message: 'Its credentials are deleted and the agent stops using it.',
                    confirmText: 'Disconnect',
                    confirmColor: 'danger',
                  })
                )
                  disconnect.mutate(i.integrationSlug);
              }}
            >
              Disconnect
            </Button>
          </>
        )}
      </div>
      {expanded && (
        <form
          id={formId}
          className="mt-3 space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            connect.mutate({ slug: i.integrationSlug, appData: values });
          }}
        >
          {i.fields.map((f) => (
            <TextField
              key={f.name}
              label={f.label}
              name={f.name}
              type={f.secret ? 'password' : 'text'}
              autoComplete="off"
              required={f.required}
              hint={f.secret && i.connected ? 'Stored encrypted; leave as is to keep it.' : f.help}
              error={fieldError(connect.error, `appData.${f.name}`)}
              value={values[f.name] ?? ''}
              onChange={(e) => setValues((v) => ({ ...v, [f.name]: e.target.value }))}
            />
          ))}
          <Button type="submit" size="sm" loading={connect.isPending}>
            {i.connected ? 'Save' : `Connect ${i.name}`}
          </Button>
        </form>
      )}
    </li>
  );
}
