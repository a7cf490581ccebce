import { useState } from 'react';
import type { AppDefinition } from '@switchboard/core/contracts/agents';
import { ApiError } from '../../../api/mutation.ts';
import { OverlayFrame } from '../../../overlays/OverlayFrame.tsx';
import type { OverlayProps } from '../../../overlays/registry.ts';
import { notify } from '../../../shell/toast.tsx';
import { Button, ErrorState, LoadingBlock, TextField } from '../../../ui/index.ts';
import { useActingTarget } from '../../accounts/api.ts';
import { useSaveAppAuth, useApps, useInvalidateAgents } from '../api.ts';
import { Section } from '../parts.tsx';
import { IntegrationCatalog } from '../../integrations/index.ts';

/** ?integrations (value: an integration slug to open it): app settings and integrations. */
export default function Integrations({ value }: OverlayProps) {
  const target = useActingTarget();
  const apps = useApps(target);
  const configurable = (apps.data?.apps ?? []).filter((a) =>
    Object.values(a.dependencies.providers.auth).some((p) => Object.keys(p.parameters.properties).length),
  );
  return (
    <OverlayFrame title="Integrations" description="Connect the tools your agent works with." size="lg">
      <div className="space-y-8">
        <Section level={3} title="App settings" description="Where the agent’s apps send things.">
          {apps.isLoading ? (
            <LoadingBlock />
          ) : apps.isError ? (
            <ErrorState message={(apps.error as Error).message} />
          ) : (
            <div className="grid gap-3 sm:grid-cols-2">
              {configurable.map((a) => (
                <AppSettings key={`${a.appId}:${a.appVersion}`} app={a} target={target} />
              ))}
            </div>
          )}
        </Section>
        <Section level={3} title="Integrations">
          <IntegrationCatalog target={target} open={value} />
        </Section>
      </div>
    </OverlayFrame>
  );
}

function AppSettings({ app, target }: { app: AppDefinition; target: number | null }) {
  const invalidate = useInvalidateAgents();
  const saveAppAuth = useSaveAppAuth(target);
  const initial: Record<string, string> = {};
  for (const p of Object.values(app.dependencies.providers.auth))
    for (const [k, v] of Object.entries(p.parameters.properties)) initial[k] = v.value == null ? '' : String(v.value);
  const [values, setValues] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    setError(null);
    const auth: Record<string, { parameters: { properties: Record<string, { value: unknown }> } }> = {};
    for (const [provider, p] of Object.entries(app.dependencies.providers.auth)) {
      auth[provider] = {
        parameters: {
          properties: Object.fromEntries(
            Object.entries(p.parameters.properties).map(([k, def]) => [
              k,
              { value: def.type === 'number' ? Number(values[k]) : values[k] },
            ]),
          ),
        },
      };
    }
    try {
      await saveAppAuth.mutateAsync({ appId: app.appId, appVersion: app.appVersion, auth });
      await invalidate();
      notify(`${app.appData.name} saved`);
    } catch (e) {
      setError(e instanceof ApiError ? e.fieldMessage : 'Could not save.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="space-y-3 rounded-xl border border-slate-200 p-3"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <p className="text-sm font-medium text-slate-900">{app.appData.name}</p>
      {Object.values(app.dependencies.providers.auth).flatMap((p) =>
        Object.entries(p.parameters.properties).map(([k, def]) => (
          <TextField
            key={k}
            label={def.title ?? k}
            type={def.secret ? 'password' : def.type === 'number' ? 'number' : 'text'}
            value={values[k] ?? ''}
            onChange={(e) => setValues((v) => ({ ...v, [k]: e.target.value }))}
          />
        )),
      )}
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <Button type="submit" size="sm" variant="secondary" loading={busy}>
        Save
      </Button>
    </form>
  );
}
