import type { SectionProps } from '../../shell/sections.ts';
import { useActingTarget } from '../accounts/api.ts';
import { IntegrationCatalog } from './components/IntegrationCatalog.tsx';
import { WebhooksPanel } from './components/WebhooksPanel.tsx';

/** /app/…/integrations: the integrations catalog and the outbound webhooks. */
export default function IntegrationsSection(_: SectionProps) {
  const target = useActingTarget();
  return (
    <div className="mx-auto max-w-5xl space-y-10 px-4 py-6">
      <section aria-labelledby="integrations-title" className="space-y-3">
        <div>
          <h1 id="integrations-title" className="text-xl font-semibold text-slate-900">
            Integrations
          </h1>
          <p className="text-sm text-slate-600">
            Connect the tools you use; the agent can then act in them. Credentials are stored encrypted.
          </p>
        </div>
        <IntegrationCatalog target={target} />
      </section>
      <section aria-labelledby="webhooks-title" className="space-y-3">
        <div>
          <h2 id="webhooks-title" className="text-lg font-semibold text-slate-900">
            Webhooks
          </h2>
          <p className="text-sm text-slate-600">
            Each delivery is signed with the webhook’s secret (Switchboard-Signature) and retried for about a day.
          </p>
        </div>
        <WebhooksPanel target={target} />
      </section>
    </div>
  );
}
